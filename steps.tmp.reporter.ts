export default class {
  onStepEnd(test: any, _r: any, step: any) {
    if (step.duration > 120) console.log(test.title.padEnd(28), step.category.padEnd(8), step.titlePath().join(' > ').slice(0, 90), step.duration);
  }
  onTestEnd(test: any, r: any) { console.log('== ', test.title, r.duration); }
}
