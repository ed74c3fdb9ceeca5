// @ts-check
// Prints the consumer's demo: node examples/postgres/ts/demo.mjs
import { demo } from "./consumer.mjs";

await demo();
