export default function Page() {
  return <h1>Healthy page</h1>;
}
