import { logger } from './logger';

/**
 * A response body made of text produced a piece at a time (a long CSV). A failure half-way errors
 * the stream, so the client gets a broken download (the response ends without its last chunk),
 * never a shorter file that looks complete.
 */
export function textStream(chunks: AsyncGenerator<string>, what: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        logger.error(
          { event: 'stream.failed', what, err: error instanceof Error ? error.message : String(error) },
          'a streamed response failed half-way',
        );
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
