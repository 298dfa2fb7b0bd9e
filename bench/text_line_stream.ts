/** @module Splits a text stream into lines (the benchmark's baseline client keeps no dependency on src/). */

/** A TransformStream from text chunks to lines without their terminators. */
export class TextLineStream extends TransformStream<string, string> {
  constructor() {
    let buffer = "";
    super({
      transform(chunk, controller) {
        buffer += chunk;
        let index: number;
        while ((index = buffer.indexOf("\n")) >= 0) {
          controller.enqueue(buffer.slice(0, index).replace(/\r$/, ""));
          buffer = buffer.slice(index + 1);
        }
      },
      flush(controller) {
        if (buffer.length > 0) controller.enqueue(buffer);
      },
    });
  }
}
