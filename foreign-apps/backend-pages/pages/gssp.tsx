export async function getServerSideProps() {
  const response = await fetch(`${process.env.BACKEND_URL}/items`);
  const items: { id: number; name: string }[] = await response.json();
  return { props: { items } };
}

export default function Gssp({ items }: { items: { id: number; name: string }[] }) {
  return (
    <main>
      <h1>From getServerSideProps</h1>
      {items.map((item) => (
        <p key={item.id}>{item.name}</p>
      ))}
    </main>
  );
}
