import { catalogue } from '@/scenarios/catalogue';
import { expectedOutcome } from '@/scenarios/outcome';

export default function Home() {
  return (
    <>
      <h1>faultline scenarios</h1>
      <p>Each link triggers one failure class; the right-hand column is what a user should see.</p>
      <table>
        <thead>
          <tr>
            <th scope="col">Scenario</th>
            <th scope="col">Trigger</th>
            <th scope="col">Expected outcome</th>
          </tr>
        </thead>
        <tbody>
          {catalogue.map((scenario) => (
            <tr key={scenario.id}>
              <td>
                {/* A plain anchor: prefetching every failing route would trigger them all. */}
                <a href={scenario.path}>{scenario.title}</a>
              </td>
              <td>{scenario.trigger.kind}</td>
              <td>{expectedOutcome(scenario)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
