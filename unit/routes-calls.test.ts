import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { backendsOf, readCalls, siteReader } from '../audit/kinds/routes/worker/calls';
import type { RecordedCall } from '../audit/kinds/routes/protocol';

const call = (more: Partial<RecordedCall>): RecordedCall => ({
  at: 0,
  kind: 'call',
  load: 'l1',
  request: '/dashboard',
  runtime: 'node',
  via: 'fetch',
  backend: '127.0.0.1:8000',
  protocol: 'http',
  method: 'GET',
  path: '/items',
  stack: [],
  ...more,
});

describe('the backends one load reached', () => {
  it('groups its calls by backend, in the order first called, each with what it asked and the faults it can be given', () => {
    const seen = backendsOf([
      call({}),
      call({ runtime: 'edge', via: 'undici', path: '/users' }),
      call({ backend: 'db.internal:5432', protocol: 'tcp', via: 'socket', method: undefined, path: undefined }),
      call({}),
    ]);
    expect(seen).toEqual([
      {
        backend: '127.0.0.1:8000',
        runtimes: ['node', 'edge'],
        protocol: 'http',
        asked: ['GET /items', 'GET /users'],
        site: null,
        faults: ['refused', '500', 'hang'],
      },
      { backend: 'db.internal:5432', runtimes: ['node'], protocol: 'tcp', asked: ['tcp connection'], site: null, faults: ['refused', 'hang'] },
    ]);
  });

  it("reads the recorder's whole lines only", () => {
    const log = join(mkdtempSync(join(tmpdir(), 'faultline-calls-')), 'calls.jsonl');
    writeFileSync(log, `${JSON.stringify(call({ load: 'a' }))}\n${JSON.stringify(call({ load: 'b' })).slice(0, 20)}`);
    expect(readCalls(log).map(({ load }) => load)).toEqual(['a']);
    expect(readCalls(join(log, '..', 'none.jsonl'))).toEqual([]);
  });
});

describe("where in the app's own code a call was made", () => {
  /** An app with a page bundled into a server chunk with its source map, as a build leaves it; the chunk's line and column of the page's fetch. */
  function bundledApp() {
    const app = mkdtempSync(join(tmpdir(), 'faultline-site-'));
    mkdirSync(join(app, 'app', 'dashboard'), { recursive: true });
    mkdirSync(join(app, 'node_modules', 'client'), { recursive: true });
    writeFileSync(join(app, 'node_modules', 'client', 'index.js'), 'export function get(url) {\n  return fetch(url);\n}\n');
    writeFileSync(
      join(app, 'app', 'dashboard', 'page.tsx'),
      "import { get } from 'client';\n\nexport async function Dashboard() {\n  return get('/items');\n}\n",
    );
    const chunk = join(app, '.next', 'server', 'chunks', 'ssr', 'page.js');
    buildSync({ entryPoints: [join(app, 'app', 'dashboard', 'page.tsx')], bundle: true, format: 'esm', sourcemap: true, outfile: chunk, absWorkingDir: app });
    const lines = readFileSync(chunk, 'utf8').split('\n');
    const at = (text: string) => {
      const line = lines.findIndex((source) => source.includes(text));
      return { file: chunk, line: line + 1, column: lines[line].indexOf(text) + 1 };
    };
    return { app, inLibrary: at('fetch(url)'), inPage: at('get("/items")') };
  }

  it("takes the first frame that maps into the app's source, past the libraries' frames", () => {
    const { app, inLibrary, inPage } = bundledApp();
    expect(siteReader(app)([inLibrary, inPage])).toEqual({ file: 'app/dashboard/page.tsx', line: 4, column: 10 });
  });

  it('says none where no frame maps into the app (a bundle without a source map, Node.js internals)', () => {
    const { app, inLibrary } = bundledApp();
    expect(siteReader(app)([inLibrary])).toBeNull();
    expect(siteReader(app)([{ file: join(app, '.next', 'server', 'no-map.js'), line: 1, column: 1 }])).toBeNull();
  });

  it("counts a frame already in the app's source as it is", () => {
    const app = mkdtempSync(join(tmpdir(), 'faultline-site-'));
    expect(siteReader(app)([{ file: `file://${join(app, 'server.mjs')}`, line: 12, column: 3 }])).toEqual({ file: 'server.mjs', line: 12, column: 3 });
  });
});
