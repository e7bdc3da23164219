export async function POST(request: Request) {
  const response = await fetch(`${process.env.BACKEND_URL}/items`, { method: 'POST', body: await request.text() });
  return Response.json(await response.json());
}
