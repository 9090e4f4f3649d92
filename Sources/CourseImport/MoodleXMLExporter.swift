import CourseOutline

/// Writes a course as Moodle XML (not yet written: GIFT only for now).
public enum MoodleXMLExporter {
  public static func text(_ course: Course) -> String { "" }
}
