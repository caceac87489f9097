// The heavy page of bench/lab/newer-stack.mjs: about as much to render and to hydrate as home (four groups of six
// modules from the loader, a navigation, a form per open module), in both stacks (the script rewrites the import).
import { Form, Link, useLoaderData } from "@remix-run/react";

export const meta = () => [{ title: "Heavy" }];

export async function loader() {
  return {
    user: { name: "Anna Beispiel", registeredAt: "2026-11-01" },
    groups: Array.from({ length: 4 }, (_, g) => ({
      id: g + 1,
      title: `Group ${g + 1}: abilities and personality`,
      modules: Array.from({ length: 6 }, (_, m) => ({
        id: g * 10 + m,
        title: `Module ${g * 10 + m}: reasoning with numbers`,
        description: "A short description of what this module asks and how long it takes.",
        status: m % 3 === 0 ? "done" : m % 3 === 1 ? "open" : "locked",
        minutes: 10 + m * 5,
        finishedAt: m % 3 === 0 ? "2026-11-20" : null,
      })),
    })),
  };
}

export default function Heavy() {
  const { user, groups } = useLoaderData<typeof loader>();
  return (
    <div className="frame">
      <header>
        <nav aria-label="Main">
          <ul>
            {["Home", "Profile", "Report", "FAQ", "Support", "Logout"].map((name) => (
              <li key={name}>
                <Link to={`/${name.toLowerCase()}`}>{name}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>
          Signed in as <strong>{user.name}</strong> since {user.registeredAt}
        </p>
      </header>
      <main>
        <h1>Your assessment</h1>
        {groups.map((group) => (
          <section key={group.id} aria-labelledby={`g${group.id}`}>
            <h2 id={`g${group.id}`}>{group.title}</h2>
            <ul className="modules">
              {group.modules.map((module) => (
                <li key={module.id} className={`module module-${module.status}`}>
                  <h3>{module.title}</h3>
                  <p>{module.description}</p>
                  <p>
                    <span className="minutes">{module.minutes} minutes</span>{" "}
                    {module.finishedAt ? <span className="done">finished on {module.finishedAt}</span> : null}
                  </p>
                  {module.status === "open" ? (
                    <Form method="post">
                      <input type="hidden" name="module" value={module.id} />
                      <button type="submit">Start</button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </main>
      <footer>
        <p>Imprint · Data protection · Accessibility</p>
      </footer>
    </div>
  );
}
