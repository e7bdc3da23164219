export default function Page() {
  return <p>The theme is read by the root layout.</p>;
}
