/// Request bodies shared by the suites.
public enum Samples {
    /// The route from seed 002: 6 min walk, 14 min bus, 3 min walk, 21 min subway, 3 min walk.
    public static let seedRouteJSON = """
        {"id": "seed", "totalTime": 47, "subPaths": [
          {"trafficType": 3, "sectionTime": 6}, {"trafficType": 2, "sectionTime": 14},
          {"trafficType": 3, "sectionTime": 3}, {"trafficType": 1, "sectionTime": 21},
          {"trafficType": 3, "sectionTime": 3}]}
        """

    public static func seedRequest(width: Double = 343, scale: Double? = nil, algorithm: String? = nil) -> String {
        var options = "\"width\": \(width)"
        if let scale { options += ", \"scale\": \(scale)" }
        if let algorithm { options += ", \"algorithm\": \"\(algorithm)\"" }
        return "{\(options), \"routes\": [\(seedRouteJSON)]}"
    }

    /// A trimmed ODsay `searchPubTransPathT` answer as ODsay sends it: many members the
    /// service ignores, a `totalTime` (37) above the legs' sum (34), and a zero-minute walk.
    public static let odsayResponse = """
        {"result": {"searchType": 0, "outTrafficCheck": 1, "busCount": 1, "subwayCount": 1, "subwayBusCount": 0,
          "pointDistance": 8420, "startRadius": 700, "endRadius": 700,
          "path": [
            {"pathType": 3,
             "info": {"trafficDistance": 7931.0, "totalWalk": 489, "totalTime": 37, "payment": 1450, "busTransitCount": 1,
                      "subwayTransitCount": 1, "mapObj": "1065:1:25:28@12:2:410:415", "firstStartStation": "강남역",
                      "lastEndStation": "서울숲", "totalStationCount": 9, "busStationCount": 3, "subwayStationCount": 6,
                      "totalDistance": 8420.0, "totalWalkTime": -1, "checkIntervalTime": 100, "checkIntervalTimeOverYn": "N",
                      "totalIntervalTime": 0},
             "subPath": [
               {"trafficType": 3, "distance": 210, "sectionTime": 3},
               {"trafficType": 2, "distance": 2300.0, "sectionTime": 9, "stationCount": 3,
                "lane": [{"busNo": "421", "type": 11, "busID": 1065, "busLocalBlID": "100100585", "busCityCode": 1000}],
                "intervalTime": 8, "startName": "강남역", "startX": 127.027, "startY": 37.498, "endName": "선릉역",
                "endX": 127.049, "endY": 37.504, "startID": 120, "endID": 155,
                "passStopList": {"stations": [{"index": 0, "stationID": 120, "stationName": "강남역", "x": "127.027", "y": "37.498"},
                                              {"index": 1, "stationID": 155, "stationName": "선릉역", "x": "127.049", "y": "37.504"}]}},
               {"trafficType": 3, "distance": 0, "sectionTime": 0},
               {"trafficType": 1, "distance": 5631.0, "sectionTime": 18, "stationCount": 6,
                "lane": [{"name": "수도권 분당선", "subwayCode": 116, "subwayCityCode": 1000}],
                "intervalTime": 6, "startName": "선릉", "endName": "서울숲", "way": "왕십리", "wayCode": 1, "door": "null",
                "startID": 22, "endID": 28, "startExitNo": "1", "endExitNo": "4"},
               {"trafficType": 3, "distance": 279, "sectionTime": 4}
             ]},
            {"pathType": 2,
             "info": {"totalWalk": 712, "totalTime": 52, "payment": 1500, "busTransitCount": 2, "subwayTransitCount": 0},
             "subPath": [
               {"trafficType": 3, "distance": 350, "sectionTime": 5},
               {"trafficType": 2, "sectionTime": 21, "lane": [{"busNo": "146", "type": 11}]},
               {"trafficType": 3, "distance": 120, "sectionTime": 2},
               {"trafficType": 2, "sectionTime": 17, "lane": [{"busNo": "2413", "type": 12}]},
               {"trafficType": 3, "distance": 242, "sectionTime": 4}
             ]}
          ]}}
        """
}
