export const dynamic = 'force-dynamic';

export default async function Dashboard() {
  const response = await fetch(`${process.env.BACKEND_URL}/items`);
  const items: { id: number; name: string }[] = await response.json();
  return (
    <main>
      <h1>Dashboard</h1>
      {items.map((item) => (
        <p key={item.id}>
          <a href={`/items/${item.id}`}>{item.name}</a>
        </p>
      ))}
    </main>
  );
}
