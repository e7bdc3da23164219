// Adds a route of each shape to a generated template app (argv[2]).
import { mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
const dest = process.argv[2];
const w = (file, text) => {
  mkdirSync(dirname(join(dest, file)), { recursive: true });
  writeFileSync(join(dest, file), text.trimStart());
};
const API = "process.env.PROBE_API ?? 'http://127.0.0.1:9'";
w(
  'app/dash/page.tsx',
  `
export const dynamic = 'force-dynamic';
export default async function Dash() {
  const response = await fetch(\`\${${API}}/items\`);
  const items = await response.json();
  return <main>{JSON.stringify(items)}</main>;
}
`,
);
w('app/dash/@side/page.tsx', `export default function Side() { return <aside>side</aside>; }\n`);
w('app/dash/@side/default.tsx', `export default function Side() { return null; }\n`);
w(
  'app/dash/layout.tsx',
  `export default function L({ children, side }: { children: React.ReactNode; side: React.ReactNode }) { return <>{children}{side}</>; }\n`,
);
w(
  'app/edge-dash/page.tsx',
  `
export const runtime = 'edge';
export default async function EdgeDash() {
  const response = await fetch(\`\${${API}}/items\`);
  const items = await response.json();
  return <main>{JSON.stringify(items)}</main>;
}
`,
);
w(
  'app/api/via-http/route.ts',
  `
import http from 'node:http';
export const dynamic = 'force-dynamic';
export async function GET() {
  const body = await new Promise<string>((resolve, reject) => {
    http.get(\`\${${API}}/items\`, (res) => { let text = ''; res.on('data', (c) => (text += c)); res.on('end', () => resolve(text)); }).on('error', reject);
  });
  return new Response(body, { headers: { 'content-type': 'application/json' } });
}
`,
);
w(
  'app/api/db/route.ts',
  `
import net from 'node:net';
export const dynamic = 'force-dynamic';
export async function GET() {
  const port = Number(process.env.PROBE_DB_PORT ?? 9);
  const greeting = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('data', (c) => { resolve(String(c)); socket.end(); });
    socket.once('error', reject);
  });
  return Response.json({ greeting });
}
`,
);
w(
  'app/api/edge-route/route.ts',
  `
export const runtime = 'edge';
export async function GET() { const r = await fetch(\`\${${API}}/items\`); return new Response(await r.text()); }
`,
);
w(
  'app/products/[id]/page.tsx',
  `
export function generateStaticParams() { return [{ id: '1' }, { id: '2' }]; }
export default async function Product({ params }: { params: Promise<{ id: string }> }) { const { id } = await params; return <p>product {id}</p>; }
`,
);
w(
  'app/blog/[...slug]/page.tsx',
  `
export default async function Post({ params }: { params: Promise<{ slug: string[] }> }) { const { slug } = await params; return <p>{slug.join('/')}</p>; }
`,
);
w(
  'app/docs/[[...path]]/page.tsx',
  `
export function generateStaticParams() { return [{ path: [] }, { path: ['a', 'b'] }]; }
export default async function Doc({ params }: { params: Promise<{ path?: string[] }> }) { const { path } = await params; return <p>{(path ?? []).join('/')}</p>; }
`,
);
w('app/(marketing)/about/page.tsx', `export default function About() { return <p>about</p>; }\n`);
w(
  'app/photo/[id]/page.tsx',
  `export default async function Photo({ params }: { params: Promise<{ id: string }> }) { const { id } = await params; return <p>photo {id}</p>; }\n`,
);
w('app/feed/page.tsx', `export default function Feed() { return <p>feed</p>; }\n`);
w('app/feed/@modal/default.tsx', `export default function M() { return null; }\n`);
w(
  'app/feed/@modal/(..)photo/[id]/page.tsx',
  `export default async function P({ params }: { params: Promise<{ id: string }> }) { const { id } = await params; return <p>modal {id}</p>; }\n`,
);
w(
  'app/feed/layout.tsx',
  `export default function L({ children, modal }: { children: React.ReactNode; modal: React.ReactNode }) { return <>{children}{modal}</>; }\n`,
);
w(
  'app/api/users/[id]/route.ts',
  `export async function GET(_r: Request, { params }: { params: Promise<{ id: string }> }) { return Response.json({ id: (await params).id }); }\n`,
);
w('app/api/static/route.ts', `export const dynamic = 'force-static';\nexport function GET() { return Response.json({ ok: true }); }\n`);
w('app/sitemap.ts', `export default function sitemap() { return [{ url: 'https://example.com/' }]; }\n`);
w('app/robots.ts', `export default function robots() { return { rules: { userAgent: '*' } }; }\n`);
w(
  'app/opengraph-image.tsx',
  `
import { ImageResponse } from 'next/og';
export default function Image() { return new ImageResponse(<div>og</div>, { width: 100, height: 100 }); }
`,
);
w('app/faultline-audit/fake/page.tsx', `export default function F() { return <p>placed</p>; }\n`);
w(
  'pages/gssp.tsx',
  `
export async function getServerSideProps() {
  const response = await fetch(\`\${${API}}/items\`);
  return { props: { items: await response.json() } };
}
export default function G({ items }: { items: unknown }) { return <main>{JSON.stringify(items)}</main>; }
`,
);
w(
  'pages/posts/[id].tsx',
  `
export function getStaticPaths() { return { paths: [{ params: { id: 'first' } }, { params: { id: 'second' } }], fallback: false }; }
export function getStaticProps({ params }: { params: { id: string } }) { return { props: { id: params.id } }; }
export default function P({ id }: { id: string }) { return <p>{id}</p>; }
`,
);
w(
  'pages/things/[slug].tsx',
  `
export function getStaticPaths() { return { paths: [{ params: { slug: 'one' } }], fallback: 'blocking' }; }
export function getStaticProps({ params }: { params: { slug: string } }) { return { props: { slug: params.slug }, revalidate: 60 }; }
export default function T({ slug }: { slug: string }) { return <p>{slug}</p>; }
`,
);
w(
  'pages/users/[name].tsx',
  `
export function getServerSideProps({ params }: { params: { name: string } }) { return { props: { name: params.name } }; }
export default function U({ name }: { name: string }) { return <p>{name}</p>; }
`,
);
w('pages/plain.tsx', `export default function Plain() { return <p>plain</p>; }\n`);
w(
  'pages/api/hello.ts',
  `
import type { NextApiRequest, NextApiResponse } from 'next';
export default async function handler(_req: NextApiRequest, res: NextApiResponse) { const r = await fetch(\`\${${API}}/items\`); res.status(200).json(await r.json()); }
`,
);
w('pages/api/edge-hello.ts', `export const config = { runtime: 'edge' };\nexport default function handler() { return new Response('hi'); }\n`);
w('pages/api/faultline-audit/flush.ts', `export default function h(_q: unknown, res: { json(v: unknown): void }) { res.json({}); }\n`);
