import { failureClassTitles, ROUTES, type FailureClass, type ScenarioRoute } from '@/scenarios/routes';

/** The scenario routes by failure class, in catalogue order. */
function byClass(): [FailureClass, ScenarioRoute[]][] {
  const groups = new Map<FailureClass, ScenarioRoute[]>();
  for (const route of ROUTES) groups.set(route.failureClass, [...(groups.get(route.failureClass) ?? []), route]);
  return [...groups];
}

export default function Home() {
  const groups = byClass();
  return (
    <>
      <h1>faultline scenarios</h1>
      <p>
        {ROUTES.length} scenarios in {groups.length} failure classes. Each link triggers one failure. What a user should see, and why, is in faultline&apos;s
        catalogue (<code>npx faultline list</code>), kept apart from this app.
      </p>
      <nav aria-label="Failure classes">
        <ul>
          {groups.map(([failureClass, routes]) => (
            <li key={failureClass}>
              <a href={`#${failureClass}`}>{failureClassTitles[failureClass]}</a> ({routes.length})
            </li>
          ))}
        </ul>
      </nav>
      {groups.map(([failureClass, routes]) => (
        <section key={failureClass} aria-labelledby={failureClass}>
          <h2 id={failureClass}>{failureClassTitles[failureClass]}</h2>
          <ul>
            {routes.map((route) => (
              <li key={route.id}>
                {/* A plain anchor: prefetching every failing route would trigger them all. */}
                <a href={route.path}>{route.title}</a> <code>{route.id}</code>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
