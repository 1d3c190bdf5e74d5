<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
 <application ranks="2" mpi-library="MPICH Version:&#9;4.0.2" tracer="0.1.0">
  <arg>build/release/samples/randacc</arg>
 </application>
 <compression threshold="0" max-threshold="0.2" scale="0" ratio="1" trace-length="166" signature-length="166"/>
 <sites>
  <site id="0" module="/work/wt/skelacc/build/release/samples/randacc" offset="5311" function="main" file="/work/wt/skelacc/samples/randacc.c" line="268"/>
  <site id="1" module="/work/wt/skelacc/build/release/samples/randacc" offset="6131" function="run" file="/work/wt/skelacc/samples/randacc.c" line="210"/>
  <site id="2" module="/work/wt/skelacc/build/release/samples/randacc" offset="6266" function="run" file="/work/wt/skelacc/samples/randacc.c" line="225"/>
  <site id="3" module="/work/wt/skelacc/build/release/samples/randacc" offset="6478" function="run" file="/work/wt/skelacc/samples/randacc.c" line="239"/>
  <site id="4" module="/work/wt/skelacc/build/release/samples/randacc" offset="5264" function="main" file="/work/wt/skelacc/samples/randacc.c" line="279"/>
 </sites>
 <comms>
  <comm id="0" gid="0" members="0 1"/>
 </comms>
 <ranks>
  <rank id="0" class="0" events="83" time-ns="646730485" compute-ns="526784568" mpi-ns="112596937" per-event-ns="1532" comms="0 -"/>
  <rank id="1" class="1" events="83" time-ns="646789497" compute-ns="533732575" mpi-ns="106016479" per-event-ns="1712" comms="0 -"/>
 </ranks>
 <class id="0" ranks="0" program="0" events="83" length="83" time-ns="646730485">
  <symbol id="0" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="6429" max="6429" shift="1532"/>
   <duration min="30875815" max="30875815"/>
  </symbol>
  <symbol id="1" call="MPI_Alltoall" comm="0" dtsize="4" site="1" prev-site="0" occurrences="1" ws="25718784" ws-samples="1">
   <side role="member" events="1" count="1" bytes="8" rbytes="8"/>
   <compute min="18544235" max="18544235" shift="1532"/>
   <compute-cpu min="18397341" max="18397341" shift="1532"/>
   <duration min="30085" max="30085"/>
  </symbol>
  <symbol id="2" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8394328"/>
   <compute min="26649" max="26649" shift="1532"/>
   <duration min="5155764" max="5155764"/>
  </symbol>
  <symbol id="3" call="MPI_Alltoall" comm="0" dtsize="4" site="1" prev-site="2" occurrences="39" ws="33730560" ws-samples="1">
   <side role="member" events="39" count="1" bytes="8" rbytes="8"/>
   <compute mean="12842193.333333334" min="12472624" max="14718544" shift="1532" buckets="1174:6 1175:12 1176:13 1177:2 1178:4 1179:1 1187:1"/>
   <compute-cpu mean="12838156.307692308" min="12468383" max="14714283" shift="1532" buckets="1174:6 1175:12 1176:14 1177:1 1178:4 1179:1 1187:1"/>
   <duration mean="282560.641025641" min="8723" max="3670807" buckets="653:1 654:2 655:1 656:3 657:2 658:1 659:1 660:1 661:2 665:1 666:1 671:1 672:1 690:1 714:1 786:1 796:1 800:1 805:1 819:1 822:1 850:1 873:1 884:1 910:1 915:1 921:1 926:1 984:1 986:1 988:2 1001:1 1087:1"/>
  </symbol>
  <symbol id="4" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8384416"/>
   <compute mean="131" min="131" max="131" shift="1532" buckets="353:1"/>
   <duration min="2019744" max="2019744"/>
  </symbol>
  <symbol id="5" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8388456"/>
   <compute mean="151" min="151" max="151" shift="1532" buckets="361:1"/>
   <duration min="1726515" max="1726515"/>
  </symbol>
  <symbol id="6" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8383344"/>
   <compute min="0" max="0" shift="1532"/>
   <duration min="1597303" max="1597303"/>
  </symbol>
  <symbol id="7" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8386760"/>
   <compute min="0" max="0" shift="1532"/>
   <duration min="1761482" max="1761482"/>
  </symbol>
  <symbol id="8" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8389968"/>
   <compute min="0" max="0" shift="1532"/>
   <duration min="1633948" max="1633948"/>
  </symbol>
  <symbol id="9" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8397424"/>
   <compute min="0" max="0" shift="1532"/>
   <duration min="1757445" max="1757445"/>
  </symbol>
  <symbol id="10" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8387064"/>
   <compute min="0" max="0" shift="1532"/>
   <duration min="1745753" max="1745753"/>
  </symbol>
  <symbol id="11" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8395160"/>
   <compute min="0" max="0" shift="1532"/>
   <duration min="1615721" max="1615721"/>
  </symbol>
  <symbol id="12" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8383200"/>
   <compute mean="120" min="120" max="120" shift="1532" buckets="341:1"/>
   <duration min="1558827" max="1558827"/>
  </symbol>
  <symbol id="13" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8389912"/>
   <compute mean="171" min="171" max="171" shift="1532" buckets="369:1"/>
   <duration min="1607198" max="1607198"/>
  </symbol>
  <symbol id="14" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8380920"/>
   <compute mean="20" min="20" max="20" shift="1532" buckets="187:1"/>
   <duration min="1750601" max="1750601"/>
  </symbol>
  <symbol id="15" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8380856"/>
   <compute min="1693" max="1693" shift="1532"/>
   <duration min="1689791" max="1689791"/>
  </symbol>
  <symbol id="16" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8393392"/>
   <compute min="1363" max="1363" shift="1532"/>
   <duration min="1650722" max="1650722"/>
  </symbol>
  <symbol id="17" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8380640"/>
   <compute mean="641" min="641" max="641" shift="1532" buckets="464:1"/>
   <duration min="1561801" max="1561801"/>
  </symbol>
  <symbol id="18" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8399096"/>
   <compute mean="1503" min="1503" max="1503" shift="1532" buckets="524:1"/>
   <duration min="1601319" max="1601319"/>
  </symbol>
  <symbol id="19" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8390600"/>
   <compute mean="841" min="841" max="841" shift="1532" buckets="480:1"/>
   <duration min="1713041" max="1713041"/>
  </symbol>
  <symbol id="20" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8391592"/>
   <compute mean="1332" min="1332" max="1332" shift="1532" buckets="514:1"/>
   <duration min="2730718" max="2730718"/>
  </symbol>
  <symbol id="21" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8373840"/>
   <compute mean="596" min="596" max="596" shift="1532" buckets="456:1"/>
   <duration min="1625615" max="1625615"/>
  </symbol>
  <symbol id="22" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8390104"/>
   <compute min="1733" max="1733" shift="1532"/>
   <duration min="1812673" max="1812673"/>
  </symbol>
  <symbol id="23" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8384640"/>
   <compute mean="1873" min="1873" max="1873" shift="1532" buckets="542:1"/>
   <duration min="1572356" max="1572356"/>
  </symbol>
  <symbol id="24" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8390640"/>
   <compute mean="1623" min="1623" max="1623" shift="1532" buckets="530:1"/>
   <duration min="1761241" max="1761241"/>
  </symbol>
  <symbol id="25" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8398896"/>
   <compute mean="892" min="892" max="892" shift="1532" buckets="488:1"/>
   <duration min="1705032" max="1705032"/>
  </symbol>
  <symbol id="26" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8392344"/>
   <compute mean="1553" min="1553" max="1553" shift="1532" buckets="526:1"/>
   <duration min="1595420" max="1595420"/>
  </symbol>
  <symbol id="27" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8396176"/>
   <compute min="0" max="0" shift="1532"/>
   <duration min="1512378" max="1512378"/>
  </symbol>
  <symbol id="28" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8382640"/>
   <compute min="0" max="0" shift="1532"/>
   <duration min="1680061" max="1680061"/>
  </symbol>
  <symbol id="29" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8383904"/>
   <compute min="0" max="0" shift="1532"/>
   <duration min="1572006" max="1572006"/>
  </symbol>
  <symbol id="30" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8392888"/>
   <compute min="0" max="0" shift="1532"/>
   <duration min="1691448" max="1691448"/>
  </symbol>
  <symbol id="31" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8385520"/>
   <compute mean="572" min="572" max="572" shift="1532" buckets="456:1"/>
   <duration min="1505036" max="1505036"/>
  </symbol>
  <symbol id="32" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8391272"/>
   <compute min="0" max="0" shift="1532"/>
   <duration min="1583678" max="1583678"/>
  </symbol>
  <symbol id="33" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8394712"/>
   <compute min="0" max="0" shift="1532"/>
   <duration min="1607929" max="1607929"/>
  </symbol>
  <symbol id="34" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8379304"/>
   <compute mean="40" min="40" max="40" shift="1532" buckets="254:1"/>
   <duration min="1521216" max="1521216"/>
  </symbol>
  <symbol id="35" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8391800"/>
   <compute mean="31" min="31" max="31" shift="1532" buckets="254:1"/>
   <duration min="1670681" max="1670681"/>
  </symbol>
  <symbol id="36" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8382368"/>
   <compute min="0" max="0" shift="1532"/>
   <duration min="1585786" max="1585786"/>
  </symbol>
  <symbol id="37" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8385192"/>
   <compute min="0" max="0" shift="1532"/>
   <duration min="1603754" max="1603754"/>
  </symbol>
  <symbol id="38" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8397312"/>
   <compute min="0" max="0" shift="1532"/>
   <duration min="1550073" max="1550073"/>
  </symbol>
  <symbol id="39" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8391488"/>
   <compute min="0" max="0" shift="1532"/>
   <duration min="1371920" max="1371920"/>
  </symbol>
  <symbol id="40" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8386896"/>
   <compute mean="10" min="10" max="10" shift="1532" buckets="187:1"/>
   <duration min="1596517" max="1596517"/>
  </symbol>
  <symbol id="41" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8394968"/>
   <compute min="0" max="0" shift="1532"/>
   <duration min="1542266" max="1542266"/>
  </symbol>
  <symbol id="42" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8383864"/>
   <compute min="0" max="0" shift="1532"/>
   <duration min="1651299" max="1651299"/>
  </symbol>
  <symbol id="43" call="MPI_Allreduce" comm="0" dtsize="8" op="MPI_BXOR" site="3" prev-site="2" occurrences="1">
   <side role="member" events="1" count="2" bytes="16" rbytes="16"/>
   <compute min="5125292" max="5125292" shift="1532"/>
   <compute-cpu min="5120911" max="5120911" shift="1532"/>
   <duration min="475094" max="475094"/>
  </symbol>
  <symbol id="44" call="MPI_Finalize" comm="0" site="4" prev-site="3" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="2222966" min="2222966" max="2222966" shift="1532" buckets="1053:1"/>
   <compute-cpu min="2159445" max="2159445" shift="1532"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="0" events="83" time-ns="608509122.0000004">
   <s ref="0"/>
   <s ref="1"/>
   <s ref="2"/>
   <s ref="3"/>
   <s ref="4"/>
   <s ref="3"/>
   <s ref="5"/>
   <s ref="3"/>
   <s ref="6"/>
   <s ref="3"/>
   <s ref="7"/>
   <s ref="3"/>
   <s ref="8"/>
   <s ref="3"/>
   <s ref="9"/>
   <s ref="3"/>
   <s ref="10"/>
   <s ref="3"/>
   <s ref="11"/>
   <s ref="3"/>
   <s ref="12"/>
   <s ref="3"/>
   <s ref="13"/>
   <s ref="3"/>
   <s ref="14"/>
   <s ref="3"/>
   <s ref="15"/>
   <s ref="3"/>
   <s ref="16"/>
   <s ref="3"/>
   <s ref="17"/>
   <s ref="3"/>
   <s ref="18"/>
   <s ref="3"/>
   <s ref="19"/>
   <s ref="3"/>
   <s ref="20"/>
   <s ref="3"/>
   <s ref="21"/>
   <s ref="3"/>
   <s ref="22"/>
   <s ref="3"/>
   <s ref="23"/>
   <s ref="3"/>
   <s ref="24"/>
   <s ref="3"/>
   <s ref="25"/>
   <s ref="3"/>
   <s ref="26"/>
   <s ref="3"/>
   <s ref="27"/>
   <s ref="3"/>
   <s ref="28"/>
   <s ref="3"/>
   <s ref="29"/>
   <s ref="3"/>
   <s ref="30"/>
   <s ref="3"/>
   <s ref="31"/>
   <s ref="3"/>
   <s ref="32"/>
   <s ref="3"/>
   <s ref="33"/>
   <s ref="3"/>
   <s ref="34"/>
   <s ref="3"/>
   <s ref="35"/>
   <s ref="3"/>
   <s ref="36"/>
   <s ref="3"/>
   <s ref="37"/>
   <s ref="3"/>
   <s ref="38"/>
   <s ref="3"/>
   <s ref="39"/>
   <s ref="3"/>
   <s ref="40"/>
   <s ref="3"/>
   <s ref="41"/>
   <s ref="3"/>
   <s ref="42"/>
   <s ref="43"/>
   <s ref="44"/>
  </block>
 </class>
 <class id="1" ranks="1" program="1" events="83" length="83" time-ns="646789497">
  <symbol id="45" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="6820" min="6820" max="6820" shift="1712" buckets="634:1"/>
   <duration min="30874483" max="30874483"/>
  </symbol>
  <symbol id="46" call="MPI_Alltoall" comm="0" dtsize="4" site="1" prev-site="0" occurrences="1" ws="25710592" ws-samples="1">
   <side role="member" events="1" count="1" bytes="8" rbytes="8"/>
   <compute mean="18453335" min="18453335" max="18453335" shift="1712" buckets="1205:1"/>
   <compute-cpu min="18262291" max="18262291" shift="1712"/>
   <duration min="538444" max="538444"/>
  </symbol>
  <symbol id="47" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8382888"/>
   <compute mean="30450" min="30450" max="30450" shift="1712" buckets="743:1"/>
   <duration min="5149368" max="5149368"/>
  </symbol>
  <symbol id="48" call="MPI_Alltoall" comm="0" dtsize="4" site="1" prev-site="2" occurrences="39" ws="34267136" ws-samples="1">
   <side role="member" events="39" count="1" bytes="8" rbytes="8"/>
   <compute mean="13011053.282051282" min="12533344" max="14884304" shift="1712" buckets="1174:2 1175:10 1176:10 1177:5 1178:3 1179:4 1180:2 1181:1 1183:1 1188:1"/>
   <compute-cpu mean="12972667.051282052" min="12529183" max="14878396" shift="1712" buckets="1174:2 1175:10 1176:11 1177:6 1178:2 1179:4 1180:2 1181:1 1188:1"/>
   <duration mean="136080.97435897434" min="9604" max="3418733" buckets="658:1 661:2 662:2 663:2 664:1 666:1 667:1 668:1 669:1 670:2 676:2 679:1 683:1 684:1 691:1 713:1 725:1 744:1 753:1 754:1 773:1 778:1 799:1 804:1 805:1 807:1 812:1 838:1 840:1 848:1 863:1 868:1 914:1 1081:1"/>
  </symbol>
  <symbol id="49" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8392800"/>
   <compute mean="1803" min="1803" max="1803" shift="1712" buckets="537:1"/>
   <duration min="2017682" max="2017682"/>
  </symbol>
  <symbol id="50" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8388760"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1726044" max="1726044"/>
  </symbol>
  <symbol id="51" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8393872"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1596973" max="1596973"/>
  </symbol>
  <symbol id="52" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8390456"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1761046" max="1761046"/>
  </symbol>
  <symbol id="53" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8387248"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1633937" max="1633937"/>
  </symbol>
  <symbol id="54" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8379792"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1757320" max="1757320"/>
  </symbol>
  <symbol id="55" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8390152"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1745824" max="1745824"/>
  </symbol>
  <symbol id="56" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8382056"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1615926" max="1615926"/>
  </symbol>
  <symbol id="57" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8394016"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1558636" max="1558636"/>
  </symbol>
  <symbol id="58" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8387304"/>
   <compute mean="171" min="171" max="171" shift="1712" buckets="363:1"/>
   <duration min="1606526" max="1606526"/>
  </symbol>
  <symbol id="59" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8396296"/>
   <compute mean="1122" min="1122" max="1122" shift="1712" buckets="505:1"/>
   <duration min="1749559" max="1749559"/>
  </symbol>
  <symbol id="60" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8396360"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1691713" max="1691713"/>
  </symbol>
  <symbol id="61" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8383824"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1654177" max="1654177"/>
  </symbol>
  <symbol id="62" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8396576"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1564110" max="1564110"/>
  </symbol>
  <symbol id="63" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8378120"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1605315" max="1605315"/>
  </symbol>
  <symbol id="64" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8386616"/>
   <compute min="681" max="681" shift="1712"/>
   <duration min="1718057" max="1718057"/>
  </symbol>
  <symbol id="65" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8385624"/>
   <compute min="3760" max="3760" shift="1712"/>
   <duration min="1749794" max="1749794"/>
  </symbol>
  <symbol id="66" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8403376"/>
   <compute mean="671" min="671" max="671" shift="1712" buckets="466:1"/>
   <duration min="1625706" max="1625706"/>
  </symbol>
  <symbol id="67" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8387112"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1818352" max="1818352"/>
  </symbol>
  <symbol id="68" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8392576"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1573623" max="1573623"/>
  </symbol>
  <symbol id="69" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8386576"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1763064" max="1763064"/>
  </symbol>
  <symbol id="70" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8378320"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1706636" max="1706636"/>
  </symbol>
  <symbol id="71" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8384872"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1597143" max="1597143"/>
  </symbol>
  <symbol id="72" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8381040"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1512307" max="1512307"/>
  </symbol>
  <symbol id="73" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8394576"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1679806" max="1679806"/>
  </symbol>
  <symbol id="74" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8393312"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1571605" max="1571605"/>
  </symbol>
  <symbol id="75" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8384328"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1691282" max="1691282"/>
  </symbol>
  <symbol id="76" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8391696"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1506589" max="1506589"/>
  </symbol>
  <symbol id="77" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8385944"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1582842" max="1582842"/>
  </symbol>
  <symbol id="78" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8382504"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1608229" max="1608229"/>
  </symbol>
  <symbol id="79" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8397912"/>
   <compute min="80" max="80" shift="1712"/>
   <duration min="1520460" max="1520460"/>
  </symbol>
  <symbol id="80" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8385416"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1671649" max="1671649"/>
  </symbol>
  <symbol id="81" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8394848"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1586768" max="1586768"/>
  </symbol>
  <symbol id="82" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8392024"/>
   <compute mean="271" min="271" max="271" shift="1712" buckets="401:1"/>
   <duration min="1603278" max="1603278"/>
  </symbol>
  <symbol id="83" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8379904"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1549868" max="1549868"/>
  </symbol>
  <symbol id="84" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8385728"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1371173" max="1371173"/>
  </symbol>
  <symbol id="85" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8390320"/>
   <compute mean="1573" min="1573" max="1573" shift="1712" buckets="527:1"/>
   <duration min="1594684" max="1594684"/>
  </symbol>
  <symbol id="86" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8382248"/>
   <compute mean="40" min="40" max="40" shift="1712" buckets="260:1"/>
   <duration min="1542963" max="1542963"/>
  </symbol>
  <symbol id="87" call="MPI_Alltoallv" comm="0" dtsize="8" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="1048576" bytes="8388608" rbytes="8393352"/>
   <compute min="0" max="0" shift="1712"/>
   <duration min="1652605" max="1652605"/>
  </symbol>
  <symbol id="88" call="MPI_Allreduce" comm="0" dtsize="8" op="MPI_BXOR" site="3" prev-site="2" occurrences="1">
   <side role="member" events="1" count="2" bytes="16" rbytes="16"/>
   <compute mean="5536382" min="5536382" max="5536382" shift="1712" buckets="1116:1"/>
   <compute-cpu min="5533914" max="5533914" shift="1712"/>
   <duration min="63755" max="63755"/>
  </symbol>
  <symbol id="89" call="MPI_Finalize" comm="0" site="4" prev-site="3" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="2278402" max="2278402" shift="1712"/>
   <compute-cpu min="2160068" max="2160068" shift="1712"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="1" events="83" time-ns="608888634.9999998">
   <s ref="45"/>
   <s ref="46"/>
   <s ref="47"/>
   <s ref="48"/>
   <s ref="49"/>
   <s ref="48"/>
   <s ref="50"/>
   <s ref="48"/>
   <s ref="51"/>
   <s ref="48"/>
   <s ref="52"/>
   <s ref="48"/>
   <s ref="53"/>
   <s ref="48"/>
   <s ref="54"/>
   <s ref="48"/>
   <s ref="55"/>
   <s ref="48"/>
   <s ref="56"/>
   <s ref="48"/>
   <s ref="57"/>
   <s ref="48"/>
   <s ref="58"/>
   <s ref="48"/>
   <s ref="59"/>
   <s ref="48"/>
   <s ref="60"/>
   <s ref="48"/>
   <s ref="61"/>
   <s ref="48"/>
   <s ref="62"/>
   <s ref="48"/>
   <s ref="63"/>
   <s ref="48"/>
   <s ref="64"/>
   <s ref="48"/>
   <s ref="65"/>
   <s ref="48"/>
   <s ref="66"/>
   <s ref="48"/>
   <s ref="67"/>
   <s ref="48"/>
   <s ref="68"/>
   <s ref="48"/>
   <s ref="69"/>
   <s ref="48"/>
   <s ref="70"/>
   <s ref="48"/>
   <s ref="71"/>
   <s ref="48"/>
   <s ref="72"/>
   <s ref="48"/>
   <s ref="73"/>
   <s ref="48"/>
   <s ref="74"/>
   <s ref="48"/>
   <s ref="75"/>
   <s ref="48"/>
   <s ref="76"/>
   <s ref="48"/>
   <s ref="77"/>
   <s ref="48"/>
   <s ref="78"/>
   <s ref="48"/>
   <s ref="79"/>
   <s ref="48"/>
   <s ref="80"/>
   <s ref="48"/>
   <s ref="81"/>
   <s ref="48"/>
   <s ref="82"/>
   <s ref="48"/>
   <s ref="83"/>
   <s ref="48"/>
   <s ref="84"/>
   <s ref="48"/>
   <s ref="85"/>
   <s ref="48"/>
   <s ref="86"/>
   <s ref="48"/>
   <s ref="87"/>
   <s ref="88"/>
   <s ref="89"/>
  </block>
 </class>
</signature>
