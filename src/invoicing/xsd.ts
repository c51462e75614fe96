import { readFileSync } from 'node:fs';
import path from 'node:path';

import { XMLParser } from 'fast-xml-parser';
import { validateXML, type XmlFile } from './xmllint';

import { logger } from '../lib/logger';

/**
 * Validation against the AEAT's own schemas (./schemas, see its README for where each file comes from),
 * with libxml2's xmllint compiled to WebAssembly: no native binary, the same answer on every machine.
 *
 * Validating before sending matters because the AEAT answers a schema error with a SOAP fault for the
 * whole batch (Codigo[4102]), and because the sandbox must refuse what the AEAT would refuse.
 *
 * xmllint runs in one long-lived thread (xmllint.ts, xmllint-worker.mjs), which loads xmllint-wasm's
 * WebAssembly from node_modules as it is: bundled, it had looked for the .wasm under Turbopack's
 * placeholder /ROOT and never ran (decision 160).
 */

export type SchemaValidation = { valid: boolean; errors: string[] };

/**
 * The validator itself could not run (its WebAssembly or its worker did not load, a schema could not
 * be read or compiled): nothing is known about the document. Never an answer about the document; the
 * local AEAT lets it through as a failure of its own, so the sender retries the records later instead
 * of storing a refusal the AEAT never made (docs/decisions/160-schema-validator-in-the-build.md).
 */
export class SchemaValidatorUnavailable extends Error {
  override name = 'SchemaValidatorUnavailable';
}

/** Whether the last validation in this process ran, and when; undefined before the first. */
export type ValidatorStatus = { available: true; at: Date } | { available: false; error: string; at: Date };

// On globalThis, not in a module variable: Next's server build may load this module more than once
// (the instrumentation hook and the route handlers are separate bundles), and /healthz must see what
// the start-up check and the sender's validations found.
const STATUS = Symbol.for('golondrinas.invoicing.xsd-status');
type StatusHolder = { [STATUS]?: ValidatorStatus };

/** What the last validation in this process found about the validator (not about the document). */
export function validatorStatus(): ValidatorStatus | undefined {
  return (globalThis as StatusHolder)[STATUS];
}

function noteStatus(status: ValidatorStatus): void {
  (globalThis as StatusHolder)[STATUS] = status;
}

function unavailable(what: string, error: unknown): SchemaValidatorUnavailable {
  const detail = (error instanceof Error ? error.message : String(error)).trim();
  const failure = new SchemaValidatorUnavailable(`${what}: ${detail}`, { cause: error });
  noteStatus({ available: false, error: failure.message, at: new Date() });
  // The message is the validator's own (a file it could not open, a schema it could not compile):
  // it names files and schema elements, never what a record says.
  logger.error({ err: failure.message }, 'the AEAT schema validator cannot run');
  return failure;
}

const SCHEMA_FILES = [
  'SuministroLR.xsd',
  'SuministroInformacion.xsd',
  'RespuestaSuministro.xsd',
  'xmldsig-core-schema.xsd',
  'soap-envelope.xsd',
] as const;

const rootParser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false });

/** Where the schemas are read from, relative to the directory the server runs in. */
const SCHEMA_DIR = 'src/invoicing/schemas';

let loaded: XmlFile[] | undefined;
function schemaFiles(): XmlFile[] {
  // Read from the source tree at run time (like the mail and SMS outboxes): the server runs from the
  // repository root, and the schemas are data, not code for the bundler. A server started elsewhere
  // finds none, and says so (SchemaValidatorUnavailable, the start-up check, /healthz).
  const dir = path.resolve(/* turbopackIgnore: true */ process.cwd(), SCHEMA_DIR);
  loaded ??= SCHEMA_FILES.map((fileName) => ({
    fileName,
    contents: readFileSync(path.join(/* turbopackIgnore: true */ dir, fileName), 'utf8'),
  }));
  return loaded;
}

// The entry schema imports the others by file name; soap-envelope.xsd is imported alongside so that a
// whole SOAP envelope validates in one pass (its Body validates its content strictly).
const ENTRY = (imports: string[]): string =>
  '<?xml version="1.0" encoding="UTF-8"?>' +
  '<schema xmlns="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:golondrinas:aeat-entry">' +
  imports
    .map((file) => {
      const ns = /targetNamespace="([^"]+)"/.exec(
        schemaFiles().find((f) => f.fileName === file)!.contents as string,
      )![1];
      return `<import namespace="${ns}" schemaLocation="${file}"/>`;
    })
    .join('') +
  '</schema>';

async function validate(xml: string, imports: string[]): Promise<SchemaValidation> {
  if (xml.trim() === '') return { valid: false, errors: ['Empty document'] };
  let preload: XmlFile[];
  let entry: string;
  try {
    preload = schemaFiles();
    entry = ENTRY(imports);
  } catch (error) {
    throw unavailable(`the AEAT schemas could not be read from ${SCHEMA_DIR}`, error);
  }
  let result: Awaited<ReturnType<typeof validateXML>>;
  try {
    result = await validateXML({
      xml: [{ fileName: 'submission.xml', contents: xml }],
      schema: [{ fileName: 'entry.xsd', contents: entry }],
      preload,
    });
  } catch (error) {
    // xmllint answers every document it could read, well-formed or not, with valid: false and its
    // errors (xsd.test.ts). The library rejects only when xmllint did not answer: the WebAssembly or
    // the worker failed to load (as in a bundle that moved them, decision 160), a schema did not
    // compile (exit code 5), memory ran out (9).
    throw unavailable('the AEAT schema validator failed', error);
  }
  noteStatus({ available: true, at: new Date() });
  return { valid: result.valid, errors: result.errors.map((e) => e.message) };
}

/**
 * Validates a RegFactuSistemaFacturacion request, either bare or inside its SOAP envelope, against
 * SuministroLR.xsd and what it imports. Rejects with SchemaValidatorUnavailable when the validator
 * cannot run: that says nothing about the document.
 */
export async function validateAgainstAeatSchema(xml: string): Promise<SchemaValidation> {
  const result = await validate(xml, ['soap-envelope.xsd', 'SuministroLR.xsd']);
  if (!result.valid) return result;
  // SuministroInformacion.xsd declares RegistroAlta and RegistroAnulacion as global elements too, so
  // a lone record is valid XSD-wise; the service only takes the whole request.
  const doc = rootParser.parse(xml) as Record<string, unknown>;
  const body = (doc['Envelope'] as Record<string, unknown> | undefined)?.['Body'] ?? doc;
  if (body && typeof body === 'object' && 'RegFactuSistemaFacturacion' in body) return result;
  return { valid: false, errors: ['The document is not a RegFactuSistemaFacturacion request'] };
}

const REQUEST_ROOT =
  /^(?:<\?xml[^>]*\?>)?\s*(?:<(?:[\w.-]+:)?Envelope[\s>][^]*?<(?:[\w.-]+:)?Body(?:\s[^>]*)?>\s*)?<(?:[\w.-]+:)?RegFactuSistemaFacturacion[\s>]/;

/**
 * Validates many RegFactuSistemaFacturacion requests in one pass of the validator, one verdict per
 * document in the order given (`npm run invoices:verify`). Starting xmllint and compiling the
 * schemas costs about as much as validating a thousand records, so 100,000 records checked one
 * submission at a time would spend most of their time starting; ten submissions a call do not.
 */
export async function validateManyAgainstAeatSchema(xmls: readonly string[]): Promise<SchemaValidation[]> {
  if (xmls.length === 0) return [];
  const fileName = (index: number) => `submission-${index}.xml`;
  let errors: { fileName: string | null; message: string }[];
  try {
    const result = await validateXML({
      xml: xmls.map((contents, index) => ({ fileName: fileName(index), contents })),
      schema: [{ fileName: 'entry.xsd', contents: ENTRY(['soap-envelope.xsd', 'SuministroLR.xsd']) }],
      preload: schemaFiles(),
    });
    errors = result.errors.map((e) => ({ fileName: e.loc?.fileName ?? null, message: e.message }));
  } catch {
    // One document is not even well-formed: each on its own says which, and why.
    return Promise.all(xmls.map((xml) => validateAgainstAeatSchema(xml)));
  }
  if (errors.some((e) => e.fileName === null)) return Promise.all(xmls.map((xml) => validateAgainstAeatSchema(xml)));
  return xmls.map((xml, index) => {
    const own = errors.filter((e) => e.fileName === fileName(index)).map((e) => e.message);
    if (own.length > 0) return { valid: false, errors: own };
    // The same root check as above, without parsing megabytes a second time: what the Body (or the
    // document) opens with.
    if (REQUEST_ROOT.test(xml)) return { valid: true, errors: [] };
    return { valid: false, errors: ['The document is not a RegFactuSistemaFacturacion request'] };
  });
}

/** Validates an answer (RespuestaRegFactuSistemaFacturacion or a SOAP fault) against RespuestaSuministro.xsd. */
export function validateAeatAnswerSchema(xml: string): Promise<SchemaValidation> {
  return validate(xml, ['soap-envelope.xsd', 'RespuestaSuministro.xsd']);
}
