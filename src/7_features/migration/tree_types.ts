/** @module The position-keeping tree the lint rules walk (one shape for YAML and JSON sources). */

/** One node: a mapping, a sequence or a scalar, with its source offsets. */
export type TreeNode = MapNode | SeqNode | ScalarNode;

/** Offsets shared by every node. */
interface Base {
  /** Offset of the node's first character. */
  readonly start: number;
  /** Offset just past the node's value (trailing comments excluded). */
  readonly end: number;
  /** Inside or being a flow collection (`{...}`, `[...]`, any JSON container). */
  readonly flow: boolean;
}

/** A mapping. */
export interface MapNode extends Base {
  readonly kind: "map";
  readonly entries: ReadonlyArray<
    { readonly key: string; readonly keyStart: number; readonly value: TreeNode | undefined }
  >;
}

/** A sequence. */
export interface SeqNode extends Base {
  readonly kind: "seq";
  readonly items: readonly TreeNode[];
}

/** A scalar: its value and whether its source spans several lines in a way a comment cannot split. */
export interface ScalarNode extends Base {
  readonly kind: "scalar";
  readonly value: unknown;
  /** A block scalar (`|`, `>`): comments must go above its header. */
  readonly block: boolean;
}

/** A parse problem at an offset. */
export class SourceSyntaxError extends Error {
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(message);
    this.name = "SourceSyntaxError";
    this.offset = offset;
  }
}
