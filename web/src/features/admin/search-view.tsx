import { useState } from 'react';
import type { AdminUserSummary } from '@contract/admin';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { FormStatus } from '@/components/ui/form-status';
import { Link } from '@/components/ui/link';
import { Panel } from '@/components/ui/panel';
import { paths } from '@/lib/paths';
import { success, useSubmission } from '@/lib/use-submission';
import { searchPeople } from './api/admin';
import { factsInWords } from './person-words';

/** Find people by any part of their e-mail address, 50 at a time, with 'Show more' for the next ones. */
export function SearchView() {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<{ q: string; people: AdminUserSummary[]; next: string | null } | null>(
    null,
  );
  const { pending, outcome, submit } = useSubmission();

  function search() {
    void submit(async () => {
      const page = await searchPeople(query, null);
      setFound({ q: query, people: page.users, next: page.next_cursor });
      if (page.users.length === 0) return success('Nobody’s address contains that. Check the spelling.');
    });
  }

  function showMore() {
    if (!found?.next) return;
    void submit(async () => {
      const page = await searchPeople(found.q, found.next);
      setFound({ q: found.q, people: [...found.people, ...page.users], next: page.next_cursor });
    });
  }

  return (
    <Panel title="Find a person">
      <Form onSubmit={search} label="Find a person">
        <Field
          label="Part of their e-mail address"
          hint="Any part, in any case: “ada@”, “example.org”, “lovelace”. Leave it empty to list everyone."
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <Button type="submit" className="self-start" disabled={pending}>
          Search
        </Button>
      </Form>
      {found && found.people.length > 0 ? (
        <ul aria-label="People found" className="flex flex-col gap-3">
          {found.people.map((person) => (
            <li key={person.id} className="flex flex-col gap-1">
              <Link to={`${paths.admin}?user=${person.id}`}>{person.email}</Link>
              <span className="text-sm text-slate-700">{factsInWords(person)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {found?.next ? (
        <Button variant="secondary" className="self-start" disabled={pending} onClick={showMore}>
          Show more
        </Button>
      ) : null}
      <FormStatus pending={pending} outcome={outcome} pendingLabel="Searching" />
    </Panel>
  );
}
