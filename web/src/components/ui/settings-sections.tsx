import type { ReactNode } from 'react';
import { Link } from './link';
import { PanelHeadingLevel } from './panel';

export interface SettingsSection {
  /** The anchor: `/account#<id>` opens the page at this section. */
  id: string;
  title: string;
  /** The section's panels, in order. */
  content: ReactNode;
}

/**
 * One settings page in titled sections (DESIGN section 6): a short in-page navigation at the top links to
 * each section's anchor.
 */
export function SettingsSections({ sections }: { sections: SettingsSection[] }) {
  return (
    <>
      <nav aria-label="On this page">
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          {sections.map((section) => (
            <li key={section.id}>
              <Link href={`#${section.id}`}>{section.title}</Link>
            </li>
          ))}
        </ul>
      </nav>
      {sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-heading`}
          className="flex scroll-mt-4 flex-col gap-3"
        >
          <h2 id={`${section.id}-heading`} className="text-xl font-semibold">
            {section.title}
          </h2>
          <PanelHeadingLevel.Provider value={3}>{section.content}</PanelHeadingLevel.Provider>
        </section>
      ))}
    </>
  );
}
