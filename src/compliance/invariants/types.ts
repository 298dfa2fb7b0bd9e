/** @module Invariant results: named properties of a whole captured session (seed 003). */

/** The verdict of one invariant on one session. */
export interface InvariantResult {
  /** `INV-001` ... `INV-007`. */
  readonly id: string;
  readonly category: "lifecycle" | "capability" | "result-shape" | "error-envelope";
  readonly property: string;
  readonly status: "pass" | "fail" | "skip";
  /** Why it failed or was skipped (names the exchange index when one is at fault). */
  readonly message?: string;
}

/** A composition hazard between two or more sessions. */
export interface Hazard {
  readonly kind: "tool-name-overlap" | "request-id-collision";
  readonly message: string;
  /** The colliding tool name or request id. */
  readonly subject: string;
  /** The server labels involved. */
  readonly servers: readonly string[];
}

/** Every invariant of every session, plus the hazards. */
export interface InvariantReport {
  readonly sessions: readonly {
    readonly server_label: string;
    readonly invariants: readonly InvariantResult[];
  }[];
  readonly hazards: readonly Hazard[];
  /** True when every invariant passed (or was skipped) and no hazard was found. */
  readonly ok: boolean;
}

/** A captured exchange as the capture file holds it (loosely typed: captures come from anywhere). */
export interface CapturedExchange {
  readonly request: Record<string, unknown>;
  readonly response?: Record<string, unknown>;
}

/** A captured session (seed 003 shape). */
export interface CapturedSession {
  readonly server_label: string;
  readonly server_capabilities: Record<string, unknown> | null;
  readonly exchanges: readonly CapturedExchange[];
}
