/**
 * @module The session layer a run loads on its first connect (./run_context.ts): live sessions and
 * the cassette connector, with the transports, the handshake and replay behind them.
 */

export { connect } from "../../2_connect/session/connect.ts";
export { cassetteConnector } from "../../2_connect/cassette/connect.ts";
