// The AEAT schema validator's thread (src/invoicing/xmllint.ts): xmllint-wasm's own worker, kept
// alive. xmllint-wasm starts a new worker thread for every validation, which starts a V8 isolate
// and compiles its 760 KB of WebAssembly each time (~200 ms, and tens of MB that the allocator
// keeps after the thread ends: the servers' memory grew with the invoices they sent). Here the
// WebAssembly is compiled once, and each validation runs a fresh instance of it (its own memory
// and file system, exactly as xmllint-wasm's does) in this one thread.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

// xmllint-wasm is CommonJS, and so is the Emscripten module factory beside it.
const load = createRequire(import.meta.url);
const dir = path.dirname(load.resolve('xmllint-wasm'));
// Loading the factory also registers xmllint-wasm's own message handler, which only answers
// messages tagged 'xmllint-wasm'; ours carry another tag.
const createXmllint = load(path.join(dir, 'xmllint-node.js'));
const compiled = new WebAssembly.Module(readFileSync(path.join(dir, 'xmllint.wasm')));

const TAG = 'golondrinas-xmllint';

parentPort.on('message', (message) => {
  if (!message || message.tag !== TAG) return;
  const { id, inputFiles, args, initialMemory, maxMemory } = message;
  let stdout = '';
  let stderr = '';
  let answered = false;
  const answer = (exitCode, out, err) => {
    if (answered) return;
    answered = true;
    parentPort.postMessage({ tag: TAG, id, exitCode, stdout: out, stderr: err });
  };
  try {
    createXmllint({
      inputFiles,
      arguments: args,
      wasmMemory: new WebAssembly.Memory({ initial: initialMemory, maximum: maxMemory }),
      print(text) {
        stdout += `${text}\n`;
      },
      printErr(text) {
        stderr += `${text}\n`;
      },
      onExit(exitCode) {
        answer(exitCode, stdout, stderr);
      },
      onAbort(reason) {
        answer(-1, '', `WASM Abort: ${reason}`);
      },
      instantiateWasm(imports, done) {
        WebAssembly.instantiate(compiled, imports).then(
          (instance) => done(instance, compiled),
          (error) => answer(-1, '', `WASM Abort: ${error}`),
        );
        return {};
      },
    }).catch((error) => answer(-1, '', `WASM Abort: ${error}`));
  } catch (error) {
    answer(-1, '', `WASM Abort: ${error}`);
  }
});
