/** Font files imported for their URL (webpack copies them to /static/ under a content hash). */
declare module "*.woff2" {
  const url: string;
  export default url;
}
