// The package ships no types: its one function, as its readme describes it.
declare module 'sepa-payment-qr-code' {
  export default function generateQrCode(data: {
    name: string;
    iban: string;
    amount: number | null;
    bic?: string;
    purposeCode?: string;
    structuredReference?: string;
    unstructuredReference?: string;
    information?: string;
  }): string;
}
