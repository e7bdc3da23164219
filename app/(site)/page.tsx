import { catalogue } from '@/scenarios/catalogue';
import { expectedOutcome } from '@/scenarios/outcome';
import { failureClassTitles, type Scenario } from '@/scenarios/schema';

/** The catalogue by failure class, in catalogue order. */
function byClass(): [Scenario['failureClass'], Scenario[]][] {
  const groups = new Map<Scenario['failureClass'], Scenario[]>();
  for (const scenario of catalogue) groups.set(scenario.failureClass, [...(groups.get(scenario.failureClass) ?? []), scenario]);
  return [...groups];
}

export default function Home() {
  const groups = byClass();
  return (
    <>
      <h1>faultline scenarios</h1>
      <p>
        {catalogue.length} entries in {groups.length} failure classes. Each link triggers one failure; the outcome column is
        what a user should see, and the note says why where it surprises.
      </p>
      <nav aria-label="Failure classes">
        <ul>
          {groups.map(([failureClass, scenarios]) => (
            <li key={failureClass}>
              <a href={`#${failureClass}`}>{failureClassTitles[failureClass]}</a> ({scenarios.length})
            </li>
          ))}
        </ul>
      </nav>
      {groups.map(([failureClass, scenarios]) => (
        <section key={failureClass} aria-labelledby={failureClass}>
          <h2 id={failureClass}>{failureClassTitles[failureClass]}</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">Scenario</th>
                <th scope="col">Trigger</th>
                <th scope="col">Expected outcome</th>
                <th scope="col">Note</th>
              </tr>
            </thead>
            <tbody>
              {scenarios.map((scenario) => (
                <tr key={scenario.id}>
                  <td>
                    {/* A plain anchor: prefetching every failing route would trigger them all. */}
                    <a href={scenario.path}>{scenario.title}</a> <code>{scenario.id}</code>
                  </td>
                  <td>{scenario.trigger.kind}</td>
                  <td>{expectedOutcome(scenario)}</td>
                  <td>{scenario.note ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </>
  );
}
