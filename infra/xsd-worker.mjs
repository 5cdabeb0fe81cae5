/**
 * The XSD validator's thread (infra/iso20022.ts schemaErrors): libxml2 compiled to WebAssembly by `libxml2-wasm`,
 * which ships as an ES module with top-level await, so it runs here rather than in the CommonJS main program, and a
 * 30 MB bank file is parsed and validated off the API's event loop. Each schema is compiled once per thread.
 * Messages in: { id, xml, schema: path of the .xsd }; out: { id, errors: [{ line, message }] } (none: valid) or
 * { id, failure } when the validator itself broke.
 */
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { XmlDocument, XmlParseError, XmlValidateError, XsdValidator } from 'libxml2-wasm';

const validators = new Map();
function validator(path) {
  let compiled = validators.get(path);
  if (!compiled) {
    // The schema document stays alive with its validator: both are kept for the thread's life.
    compiled = XsdValidator.fromDoc(XmlDocument.fromBuffer(readFileSync(path)));
    validators.set(path, compiled);
  }
  return compiled;
}

parentPort.on('message', ({ id, xml, schema }) => {
  let doc = null;
  try {
    const compiled = validator(schema);
    doc = XmlDocument.fromString(xml);
    compiled.validate(doc);
    parentPort.postMessage({ id, errors: [] });
  } catch (err) {
    if (err instanceof XmlParseError || err instanceof XmlValidateError) {
      const errors = err.details.map((d) => ({ line: d.line || null, message: String(d.message).trim() }));
      parentPort.postMessage({ id, errors: errors.length ? errors : [{ line: null, message: err.message.trim() }] });
    } else {
      parentPort.postMessage({ id, failure: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    }
  } finally {
    doc?.dispose();
  }
});
