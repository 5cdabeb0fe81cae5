import { createReadStream, readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import Router from '@koa/router';
import { stringify } from 'yaml';
import { ProblemError } from './errors';
import { buildOpenApiDocument } from './openapi';
import { asyncApiDocument, eventCatalogueDocument } from './public/event-catalogue';

const SWAGGER_UI_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));
/** The only files served from swagger-ui-dist, so no other path of the package (or outside it) can be requested. */
const SWAGGER_UI_ASSETS = new Set([
  'swagger-ui.css',
  'swagger-ui.css.map',
  'swagger-ui-bundle.js',
  'swagger-ui-bundle.js.map',
  'favicon-32x32.png',
  'favicon-16x16.png',
]);
const ERRORS_MD = join(__dirname, '..', 'docs', 'errors.md');

// validatorUrl: null stops Swagger UI from sending the document to the public validator.swagger.io.
const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Dispatch Integration Hub API</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
  <link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png" sizes="32x32">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script>
    window.ui = SwaggerUIBundle({
      url: '/openapi.json',
      dom_id: '#swagger-ui',
      deepLinking: true,
      validatorUrl: null,
      presets: [SwaggerUIBundle.presets.apis],
      layout: 'BaseLayout',
    });
  </script>
</body>
</html>
`;

/** Unauthenticated documentation routes: the OpenAPI document (JSON, YAML), Swagger UI and the error reference. */
export function docsRouter(publicBaseUrl = ''): Router {
  let rendered: { json: string; yaml: string } | undefined;
  const documents = () => {
    if (!rendered) {
      const document = buildOpenApiDocument();
      rendered = {
        json: `${JSON.stringify(document, null, 2)}\n`,
        yaml: stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 }),
      };
    }
    return rendered;
  };
  let errorsMd: string | undefined;

  const router = new Router();
  router.get('/openapi.json', (ctx) => {
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.type = 'application/json';
    ctx.body = documents().json;
  });
  router.get('/openapi.yaml', (ctx) => {
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.type = 'application/yaml';
    ctx.body = documents().yaml;
  });
  // The public webhook event catalogue, beside the OpenAPI document.
  router.get('/events.json', (ctx) => {
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.body = eventCatalogueDocument();
  });
  router.get('/asyncapi.json', (ctx) => {
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.body = asyncApiDocument(publicBaseUrl);
  });
  router.get('/docs', (ctx) => {
    ctx.type = 'text/html';
    ctx.body = DOCS_HTML;
  });
  router.get('/docs/errors', (ctx) => {
    errorsMd ??= readFileSync(ERRORS_MD, 'utf8');
    ctx.type = 'text/markdown; charset=utf-8';
    ctx.body = errorsMd;
  });
  router.get('/docs/assets/:file', (ctx) => {
    const file = ctx.params.file;
    if (!SWAGGER_UI_ASSETS.has(file)) throw new ProblemError('not_found', { detail: `No asset ${file}.` });
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.type = extname(file) === '.map' ? 'application/json' : extname(file);
    ctx.body = createReadStream(join(SWAGGER_UI_DIR, file));
  });
  return router;
}
