export const dynamic = 'force-dynamic';

export default async function WithFallback() {
  try {
    const response = await fetch(`${process.env.BACKEND_URL}/items`);
    if (!response.ok) throw new Error(`items: ${response.status}`);
    const items: { id: number; name: string }[] = await response.json();
    return (
      <main>
        <h1>Items</h1>
        {items.map((item) => (
          <p key={item.id}>{item.name}</p>
        ))}
      </main>
    );
  } catch {
    return (
      <main>
        <h1>Items</h1>
        <p>Items are unavailable right now.</p>
      </main>
    );
  }
}
