export default function Page() {
  return <p>The main part of the page</p>;
}
