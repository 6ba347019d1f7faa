// Parses and validates one client frame of the call socket with the shared protocol's reader.
// Pure: bad frames become a readable error; nothing else happens.
import { clientMessages, type ClientMessage } from "../../../protocol/call-messages";
import { type FrameErrorCode, type FrameResult, readFrame } from "../../../protocol/frame";

export type ParseResult = FrameResult<ClientMessage>;
export type ParseErrorCode = FrameErrorCode;

export function parseClientFrame(frame: string | ArrayBuffer): ParseResult {
  return readFrame(clientMessages, frame);
}
