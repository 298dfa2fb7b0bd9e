/** @module Types of the auth layer shared with the layers that drive it. */

/**
 * Reads a variable's current value (undefined when no source defines it any more): bearer and
 * custom-header credentials are read again on a 401 (the load layer builds one from the variable
 * sources a suite was loaded with).
 */
export type VariableRereader = (name: string) => Promise<string | undefined>;
