export default function Page() {
  return <p>A segment with a sitemap</p>;
}
