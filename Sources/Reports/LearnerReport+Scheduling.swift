import Localization
import PracticeJSON
import PracticeTime
import Scheduling

extension LearnerReport.Scheduling {
  /// `Scheduling: FSRS-6 with your own parameters since …, fitted to 812 reviews; log loss on your reviews 0.3600 (defaults 0.3915).`
  func sentence(_ messages: Localizer) -> String {
    let values: KeyValuePairs<String, Any> = [
      "since": messages.date(choice.time), "reviews": choice.reviews,
      "loss": ParameterFitReport.figure(fit.logLoss), "defaults": ParameterFitReport.figure(defaultsFit.logLoss),
    ]
    switch choice.source {
    case .own:
      return messages.tr(
        "Scheduling: FSRS-6 with your own parameters since {since}, fitted to {reviews} reviews; log loss on your reviews {loss} (defaults {defaults}). 'practice optimize' fits them again.",
        values)
    case .class:
      return messages.tr(
        "Scheduling: FSRS-6 with the class's parameters since {since}, fitted to {reviews} reviews of the class; log loss on your reviews {loss} (defaults {defaults}). 'practice optimize' tells whether your own would do better.",
        values)
    }
  }

  /// The `scheduling` member of the JSON report (absent while the defaults are in use).
  var json: JSONValue {
    .object([
      ("fittedTo", .string(choice.source.rawValue)), ("since", .string(UTCTime.iso8601(choice.time))),
      ("reviews", .int(choice.reviews)), ("parameters", .array(choice.parameters.map { .double($0) })),
      ("fit", ParameterFitReport.json(fit)), ("defaultsFit", ParameterFitReport.json(defaultsFit)),
    ])
  }
}
