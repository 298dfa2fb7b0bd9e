/** @module `WWW-Authenticate` challenges for the SEP-1932 probes: the parser of the auth layer (src/2_connect/auth/challenges.ts), re-exported. */

export {
  type Challenge,
  dpopChallenge,
  parseChallenges,
} from "../../../2_connect/auth/challenges.ts";
