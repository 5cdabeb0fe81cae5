/**
 * Validates XML files against an XSD that imports others by relative path (libxml2-wasm reading the file system).
 * Usage: node xsd-validate.mjs <schema.xsd> <file.xml>...; prints one JSON array per file: its errors (none: valid).
 */
import { readFileSync } from 'node:fs';
import { XmlDocument, XmlParseError, XmlValidateError, XsdValidator } from 'libxml2-wasm';
import { xmlRegisterFsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs';

xmlRegisterFsInputProviders();
const [schemaPath, ...files] = process.argv.slice(2);
const validator = XsdValidator.fromDoc(XmlDocument.fromBuffer(readFileSync(schemaPath), { url: schemaPath }));
for (const file of files) {
  let doc = null;
  try {
    doc = XmlDocument.fromBuffer(readFileSync(file));
    validator.validate(doc);
    console.log('[]');
  } catch (err) {
    if (!(err instanceof XmlParseError || err instanceof XmlValidateError)) throw err;
    console.log(JSON.stringify(err.details.map((d) => `${d.line}: ${String(d.message).trim()}`)));
  } finally {
    doc?.dispose();
  }
}
