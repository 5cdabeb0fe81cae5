// Install step: fetches Mustang's validator (org.mustangproject:validator, the self-contained `shaded` jar: veraPDF for
// PDF/A, the Factur-X/ZUGFeRD XSDs and the EN 16931 Schematron) from Maven Central into .temporal/mustang/, pinned by
// version and checksum, once. The slow tier runs it with Java 17 (test/support/mustang-validator.ts).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const VERSION = '2.24.0';
const URL = `https://repo1.maven.org/maven2/org/mustangproject/validator/${VERSION}/validator-${VERSION}-shaded.jar`;
const SHA256 = '9f8417dc4aaf199d0738c3f49f64fa13ab81a31e4f65c1c02d590d4a2ea80c0b';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', '.temporal', 'mustang');
const jar = join(dir, `validator-${VERSION}-shaded.jar`);

if (existsSync(jar)) {
  console.log(`[provision] Mustang validator ${VERSION}: already in .temporal/mustang/`);
} else {
  try {
    const started = Date.now();
    const response = await fetch(URL);
    if (!response.ok) throw new Error(`${URL} answered ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    const digest = createHash('sha256').update(body).digest('hex');
    if (digest !== SHA256) throw new Error(`${URL}: sha256 ${digest}, expected ${SHA256}`);
    mkdirSync(dir, { recursive: true });
    // Written whole, then renamed: an interrupted download never passes for the jar.
    writeFileSync(`${jar}.part`, body);
    renameSync(`${jar}.part`, jar);
    console.log(`[provision] Mustang validator ${VERSION} into .temporal/mustang/ in ${Math.round((Date.now() - started) / 1000)} s`);
  } catch (err) {
    console.error(`[provision] could not fetch the Mustang validator from Maven Central (${err.message}).`);
    process.exit(1);
  }
}
