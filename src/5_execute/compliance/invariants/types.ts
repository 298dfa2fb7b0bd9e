/** @module Invariant results: named properties of a whole captured session (seed 003). */

/** The verdict of one invariant on one session. */
export interface InvariantResult {
  /** `INV-001` ... `INV-007`. */
  readonly id: string;
  /** The family the invariant belongs to. */
  readonly category: "lifecycle" | "capability" | "result-shape" | "error-envelope";
  /** The property checked, in words. */
  readonly property: string;
  /** The verdict. */
  readonly status: "pass" | "fail" | "skip";
  /** Why it failed or was skipped (names the exchange index when one is at fault). */
  readonly message?: string;
}

/** A composition hazard between two or more sessions. */
export interface Hazard {
  /** Which hazard it is. */
  readonly kind: "tool-name-overlap" | "request-id-collision";
  /** What collides, in one line. */
  readonly message: string;
  /** The colliding tool name or request id. */
  readonly subject: string;
  /** The server labels involved. */
  readonly servers: readonly string[];
}

/** Every invariant of every session, plus the hazards. */
export interface InvariantReport {
  /** One entry per session: its label and the verdict of every invariant. */
  readonly sessions: readonly {
    readonly server_label: string;
    readonly invariants: readonly InvariantResult[];
  }[];
  /** Hazards across the sessions (none for a single session). */
  readonly hazards: readonly Hazard[];
  /** True when every invariant passed (or was skipped) and no hazard was found. */
  readonly ok: boolean;
}

/** A captured exchange as the capture file holds it (loosely typed: captures come from anywhere). */
export interface CapturedExchange {
  /** The JSON-RPC message the client sent. */
  readonly request: Record<string, unknown>;
  /** The server's response; absent for a notification or when none arrived. */
  readonly response?: Record<string, unknown>;
}

/** A captured session (seed 003 shape). */
export interface CapturedSession {
  /** Label of the server (its target, redacted). */
  readonly server_label: string;
  /** Capabilities the server advertised (null if no handshake completed). */
  readonly server_capabilities: Record<string, unknown> | null;
  /** Every exchange of the session, in order. */
  readonly exchanges: readonly CapturedExchange[];
}
