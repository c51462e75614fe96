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

/**
 * Reads a generator's first item now, so a failure there (the database down) still becomes an error
 * response before any byte is sent; then gives the same items, the first one included.
 */
export async function readFirst<T>(items: AsyncGenerator<T>): Promise<AsyncGenerator<T>> {
  const first = await items.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* items;
  })();
}
