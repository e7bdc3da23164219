export const dynamic = 'force-dynamic';

export async function GET() {
  try {
    const response = await fetch(`${process.env.BACKEND_URL}/items`);
    if (!response.ok) throw new Error(await response.text());
    return Response.json(await response.json());
  } catch (error) {
    return Response.json({ error: (error as Error).message }, { status: 500 });
  }
}
