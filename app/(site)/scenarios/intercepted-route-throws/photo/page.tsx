export default function Photo() {
  return <p>The photo, on a page of its own</p>;
}
