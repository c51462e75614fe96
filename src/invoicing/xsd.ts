import { readFileSync } from 'node:fs';
import path from 'node:path';

import { XMLParser } from 'fast-xml-parser';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

/**
 * Validation against the AEAT's own schemas (./schemas, see its README for where each file comes from),
 * with libxml2's xmllint compiled to WebAssembly: no native binary, the same answer on every machine.
 *
 * Validating before sending matters because the AEAT answers a schema error with a SOAP fault for the
 * whole batch (Codigo[4102]), and because the sandbox must refuse what the AEAT would refuse.
 */

export type SchemaValidation = { valid: boolean; errors: string[] };

const SCHEMA_FILES = [
  'SuministroLR.xsd',
  'SuministroInformacion.xsd',
  'RespuestaSuministro.xsd',
  'xmldsig-core-schema.xsd',
  'soap-envelope.xsd',
] as const;

const rootParser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false });

let loaded: XMLFileInfo[] | undefined;
function schemaFiles(): XMLFileInfo[] {
  // Read from the source tree at run time (like the mail and SMS outboxes): the server runs from the
  // repository root, and the schemas are data, not code for the bundler.
  const dir = path.resolve(/* turbopackIgnore: true */ process.cwd(), 'src/invoicing/schemas');
  loaded ??= SCHEMA_FILES.map((fileName) => ({ fileName, contents: readFileSync(path.join(dir, fileName), 'utf8') }));
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
  try {
    const result = await validateXML({
      xml: [{ fileName: 'submission.xml', contents: xml }],
      schema: [{ fileName: 'entry.xsd', contents: ENTRY(imports) }],
      preload: schemaFiles(),
    });
    return { valid: result.valid, errors: result.errors.map((e) => e.message) };
  } catch (error) {
    // xmllint exits with a code the library does not classify when the document is not even
    // well-formed XML: that is an invalid document, not a failure of the validator.
    const message = error instanceof Error ? error.message : String(error);
    return { valid: false, errors: message.split('\n').filter((line) => line.trim() !== '') };
  }
}

/**
 * Validates a RegFactuSistemaFacturacion request, either bare or inside its SOAP envelope, against
 * SuministroLR.xsd and what it imports.
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
