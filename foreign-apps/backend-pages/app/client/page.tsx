'use client';
import { useEffect, useState } from 'react';

export default function ClientItems() {
  const [items, setItems] = useState<{ id: number; name: string }[] | null>(null);
  useEffect(() => {
    fetch('/api/items')
      .then((response) => {
        if (!response.ok) throw new Error(`items: ${response.status}`);
        return response.json();
      })
      .then(setItems);
  }, []);
  if (!items)
    return (
      <main>
        <p>Loading items…</p>
      </main>
    );
  return (
    <main>
      <h1>Client items</h1>
      {items.map((item) => (
        <p key={item.id}>{item.name}</p>
      ))}
    </main>
  );
}
