import type { EntityManager } from '@mikro-orm/knex';
import { Company } from '../modules/companies/company.entity';
import { User } from '../modules/users/user.entity';

interface CompanySeed {
  name: string;
  industry: string;
  description: string;
  timeZone: string;
  domain: string;
  admin: { name: string; department: string };
  executives: [name: string, department: string][];
}

const COMPANIES: CompanySeed[] = [
  {
    name: 'Northwind Logistics',
    industry: 'Logistics',
    description: 'Freight forwarding and warehousing across Europe, with a field sales team in six cities.',
    timeZone: 'Europe/London',
    domain: 'northwind.demo',
    admin: { name: 'Olivia Bennett', department: 'Operations' },
    executives: [
      ['James Carter', 'Sales'], ['Amelia Hughes', 'Sales'], ['Noah Patel', 'Operations'], ['Isla Murray', 'Operations'],
      ['Leo Fischer', 'Customer Success'], ['Grace Okafor', 'Customer Success'], ['Harry Walsh', 'Finance'], ['Mia Novak', 'Sales'],
    ],
  },
  {
    name: 'Acme Health',
    industry: 'Healthcare',
    description: 'A network of outpatient clinics; account executives manage partnerships with insurers and employers.',
    timeZone: 'America/New_York',
    domain: 'acmehealth.demo',
    admin: { name: 'Daniel Reyes', department: 'Partnerships' },
    executives: [
      ['Sophia Nguyen', 'Partnerships'], ['Ethan Brooks', 'Partnerships'], ['Chloe Martin', 'Marketing'],
      ['Lucas Silva', 'Marketing'], ['Ava Thompson', 'Operations'], ['Mason Clarke', 'Operations'],
    ],
  },
  {
    name: 'Blue Orbit Software',
    industry: 'Software',
    description: 'B2B analytics software; executives own renewals, expansion deals and onboarding.',
    timeZone: 'UTC',
    domain: 'blueorbit.demo',
    admin: { name: 'Hannah Kim', department: 'Revenue Operations' },
    executives: [
      ['Oscar Lindqvist', 'Sales'], ['Zara Ahmed', 'Sales'], ['Felix Wagner', 'Customer Success'], ['Ruby Evans', 'Customer Success'],
      ['Arjun Mehta', 'Product'], ['Emily Dubois', 'Product'], ['Samuel Osei', 'Marketing'], ['Lily Chen', 'Marketing'],
      ['Jack Morrison', 'Sales'], ['Nora Jensen', 'Finance'],
    ],
  },
];

export interface DemoPeople {
  superadmin: User;
  companies: { company: Company; admin: User; executives: User[] }[];
}

const emailOf = (name: string, domain: string) => `${name.toLowerCase().split(' ').join('.')}@${domain}`;

/** Three companies with an admin each and 6-10 executives across departments, created in one flush. */
export async function seedPeople(em: EntityManager, passwordHash: string, createdAt: Date): Promise<DemoPeople> {
  const superadmin = em.create(User, {
    name: 'Sam Superadmin', email: 'superadmin@kpi.demo', role: 'superadmin', department: 'Administration',
    phoneNumber: '+44 20 7946 0000', passwordHash, createdAt,
  });
  const companies = COMPANIES.map((seed, ci) => {
    const company = em.create(Company, { name: seed.name, industry: seed.industry, description: seed.description, timeZone: seed.timeZone, createdAt });
    const person = (name: string, department: string, role: 'admin' | 'executive', i: number) =>
      em.create(User, {
        name, department, role, company, passwordHash, createdAt,
        email: emailOf(name, seed.domain),
        phoneNumber: `+1 555 01${ci}${String(i).padStart(2, '0')}`,
      });
    const admin = person(seed.admin.name, seed.admin.department, 'admin', 0);
    const executives = seed.executives.map(([name, dept], i) => person(name, dept, 'executive', i + 1));
    return { company, admin, executives };
  });
  await em.flush();
  return { superadmin, companies };
}
