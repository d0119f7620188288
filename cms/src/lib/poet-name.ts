/** How a poet is named on results, winners and certificates: their profile name, else their email's local part. */
export const poetNameOf = (name: string | null | undefined, email: string | null | undefined) => name?.trim() || email?.split('@')[0] || 'Writory poet';
