export default function Default() {
  return null;
}
