export default function RootLayoutThrowsPage() {
  return <h1>Unreachable: the root layout throws</h1>;
}
