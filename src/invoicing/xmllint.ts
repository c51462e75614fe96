import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * xmllint (libxml2 compiled to WebAssembly, the xmllint-wasm package) in one long-lived thread per
 * process (xmllint-worker.mjs), instead of xmllint-wasm's own `validateXML`, which starts a thread,
 * a V8 isolate and a compilation of its WebAssembly for every call: ~200 ms each, and memory the
 * allocator kept after each thread ended, so each instance's RSS grew with the invoices it sent
 * (issue 42). Same options and answer as xmllint-wasm's `validateXML`, for what xsd.ts uses.
 *
 * Validations queue in the thread (each takes a few milliseconds once compiled). A thread that
 * dies or stops answering fails what it was doing, with the error xmllint-wasm would have given,
 * and the next call starts a new one.
 */

export type XmlFile = { fileName: string; contents: string };
export type XmllintError = {
  rawMessage: string;
  message: string;
  loc: { fileName: string; lineNumber: number } | null;
};
export type XmllintResult = { valid: boolean; errors: XmllintError[]; rawOutput: string };
export type XmllintOptions = { xml: XmlFile[]; schema: XmlFile[]; preload?: XmlFile[] };

/** 64 KiB WebAssembly pages: xmllint-wasm's defaults (16 MiB to start, up to 32 MiB). */
const INITIAL_MEMORY_PAGES = 256;
const MAX_MEMORY_PAGES = 512;
/** A validation that has not answered by then is a stuck thread: it is ended, and a new one started. */
const ANSWER_TIMEOUT_MS = 60_000;
const TAG = 'golondrinas-xmllint';

type Answer = { tag: string; id: number; exitCode: number; stdout: string; stderr: string };
type Pending = { resolve: (answer: Answer) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };
type Thread = { worker: Worker; pending: Map<number, Pending>; nextId: number };

// On globalThis: Next's server build may load this module in more than one bundle; one thread a
// process is enough.
const THREAD = Symbol.for('golondrinas.invoicing.xmllint-thread');
type ThreadHolder = { [THREAD]?: Thread | undefined };

function workerFile(): string {
  // Read from the source tree at run time, like the schemas (xsd.ts): not code for the bundler.
  return path.resolve(/* turbopackIgnore: true */ process.cwd(), 'src/invoicing/xmllint-worker.mjs');
}

function failAll(thread: Thread, error: Error): void {
  const holder = globalThis as ThreadHolder;
  if (holder[THREAD] === thread) holder[THREAD] = undefined;
  for (const pending of thread.pending.values()) {
    clearTimeout(pending.timer);
    pending.reject(error);
  }
  thread.pending.clear();
}

function thread(): Thread {
  const holder = globalThis as ThreadHolder;
  const running = holder[THREAD];
  if (running) return running;
  const worker = new Worker(workerFile(), { resourceLimits: { maxOldGenerationSizeMb: 64 } });
  const started: Thread = { worker, pending: new Map(), nextId: 1 };
  // It keeps the process alive only while it has work (a script that validated and is done exits).
  worker.unref();
  worker.on('message', (answer: Answer) => {
    if (!answer || answer.tag !== TAG) return;
    const pending = started.pending.get(answer.id);
    if (!pending) return;
    started.pending.delete(answer.id);
    clearTimeout(pending.timer);
    if (started.pending.size === 0) worker.unref();
    pending.resolve(answer);
  });
  worker.on('error', (error) => failAll(started, error instanceof Error ? error : new Error(String(error))));
  worker.on('exit', (code) => failAll(started, new Error(`WASM Abort: the xmllint thread ended (exit code ${code})`)));
  holder[THREAD] = started;
  return started;
}

function run(inputFiles: XmlFile[], args: string[]): Promise<Answer> {
  const current = thread();
  const id = current.nextId++;
  return new Promise<Answer>((resolve, reject) => {
    const timer = setTimeout(() => {
      failAll(current, new Error(`WASM Abort: xmllint did not answer in ${ANSWER_TIMEOUT_MS / 1000} s`));
      void current.worker.terminate();
    }, ANSWER_TIMEOUT_MS);
    timer.unref();
    current.pending.set(id, { resolve, reject, timer });
    current.worker.ref();
    current.worker.postMessage({
      tag: TAG,
      id,
      inputFiles,
      args,
      initialMemory: INITIAL_MEMORY_PAGES,
      maxMemory: MAX_MEMORY_PAGES,
    });
  });
}

/** xmllint's stderr as xmllint-wasm reads it: one error a line, "file:line: message", less the summary. */
function parseErrors(output: string): XmllintError[] {
  return output
    .split('\n')
    .slice(0, -2)
    .map((line): XmllintError => {
      const [fileName, lineNumber, ...rest] = line.split(':');
      if (fileName && lineNumber && rest.length > 0) {
        return {
          rawMessage: line,
          message: rest.join(':').trim(),
          loc: { fileName, lineNumber: Number.parseInt(lineNumber, 10) },
        };
      }
      return { rawMessage: line, message: line, loc: null };
    })
    .filter((error) => error.loc !== null || !error.rawMessage.trim().endsWith(' validates'));
}

/**
 * Validates `xml` against `schema` (which may import the `preload` files by name): valid, or the
 * errors xmllint gives. Rejects when xmllint could not run at all (its WebAssembly missing, the
 * thread gone), as xmllint-wasm does.
 */
export async function validateXML(options: XmllintOptions): Promise<XmllintResult> {
  for (const file of [...options.xml, ...options.schema]) {
    // A name xmllint would read as an option.
    if (/(^|\s)-/.test(file.fileName)) throw new Error(`Invalid file name "${file.fileName}"`);
  }
  const args = [
    ...options.schema.flatMap((schema) => ['--schema', schema.fileName]),
    '--noout',
    ...options.xml.map((xml) => xml.fileName),
  ];
  const answer = await run([...options.xml, ...options.schema, ...(options.preload ?? [])], args);
  // 0: valid; 3 and 4: the documents or the schema did not validate; anything else: xmllint failed.
  if (answer.exitCode !== 0 && answer.exitCode !== 3 && answer.exitCode !== 4) {
    throw Object.assign(new Error(answer.stderr), { code: answer.exitCode });
  }
  const valid = answer.exitCode === 0;
  return { valid, errors: valid ? [] : parseErrors(answer.stderr), rawOutput: answer.stderr };
}
