export default function Page() {
  return <p>The page inside the template</p>;
}
