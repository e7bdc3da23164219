export default function Page() {
  return <h1>Unreachable: the nested layout throws</h1>;
}
