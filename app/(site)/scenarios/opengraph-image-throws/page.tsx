export default function Page() {
  return <p>A segment with an Open Graph image</p>;
}
