export default function Layout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <h1>A page with an error boundary</h1>
      {children}
    </>
  );
}
