/**
 * Who the county's revenue records know, beyond portal accounts (GET /api/customers/check,
 * `erp_account`).
 *
 * Decision: there is no separate ERP behind this portal. A portal account is itself a customer
 * of the county (it gets a customer number at sign-up), so `erp_account` is true for every
 * identifier with an account. An identifier without an account is known when a county record
 * names it, e.g. the owner of a land parcel. Those records belong to service areas, which core
 * must not import: an area adds a source here from app.ts (`customerRecords.add(...)`).
 */
export interface CustomerRecordSource {
  /** The customer this identifier (trimmed, upper case) names in the source's records, or null. */
  find(identifier: string): Promise<{ name: string } | null>;
}

export interface CustomerRecords {
  add(source: CustomerRecordSource): void;
  /** The first source that knows the identifier, or null. */
  find(identifier: string): Promise<{ name: string } | null>;
}

export function createCustomerRecords(): CustomerRecords {
  const sources: CustomerRecordSource[] = [];
  return {
    add(source) {
      sources.push(source);
    },
    async find(identifier) {
      for (const source of sources) {
        const found = await source.find(identifier);
        if (found) return found;
      }
      return null;
    },
  };
}
