// The bare Remix page: a loader returning a 12-item list and a form (the baseline of decision 105).
import type { MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Baseline" }];

export async function loader() {
  return {
    items: Array.from({ length: 12 }, (_, index) => ({ id: index + 1, title: `Item ${index + 1}`, done: index % 3 === 0 })),
  };
}

export default function Index() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Baseline</h1>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            {item.title} {item.done ? "(done)" : ""}
          </li>
        ))}
      </ul>
      <Form method="get">
        <label>
          Name <input name="name" />
        </label>
        <button type="submit">Send</button>
      </Form>
    </main>
  );
}
