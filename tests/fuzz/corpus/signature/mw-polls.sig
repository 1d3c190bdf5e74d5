<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
 <application ranks="2" mpi-library="MPICH Version:&#9;4.0.2" tracer="0.1.0">
  <arg>build/release/samples/mw</arg>
  <arg>-t</arg>
  <arg>40</arg>
  <arg>--work-us</arg>
  <arg>200</arg>
  <arg>--prep-us</arg>
  <arg>50</arg>
 </application>
 <compression threshold="0" max-threshold="0.2" scale="0" ratio="21.333333333333332" trace-length="384" signature-length="18" messages-matched="82"/>
 <sites>
  <site id="0" module="/work/wt/skelacc/build/release/samples/mw" offset="5687" function="main" file="/work/wt/skelacc/samples/mw.c" line="558"/>
  <site id="1" module="/work/wt/skelacc/build/release/samples/mw" offset="7451" function="master" file="/work/wt/skelacc/samples/mw.c" line="404"/>
  <site id="2" module="/work/wt/skelacc/build/release/samples/mw" offset="7486" function="master" file="/work/wt/skelacc/samples/mw.c" line="406"/>
  <site id="3" module="/work/wt/skelacc/build/release/samples/mw" offset="8031" function="master" file="/work/wt/skelacc/samples/mw.c" line="433"/>
  <site id="4" module="/work/wt/skelacc/build/release/samples/mw" offset="7909" function="master" file="/work/wt/skelacc/samples/mw.c" line="437"/>
  <site id="5" module="/work/wt/skelacc/build/release/samples/mw" offset="6955" function="run" file="/work/wt/skelacc/samples/mw.c" line="519"/>
  <site id="6" module="/work/wt/skelacc/build/release/samples/mw" offset="5648" function="main" file="/work/wt/skelacc/samples/mw.c" line="569"/>
  <site id="7" module="/work/wt/skelacc/build/release/samples/mw" offset="8252" function="worker" file="/work/wt/skelacc/samples/mw.c" line="463"/>
  <site id="8" module="/work/wt/skelacc/build/release/samples/mw" offset="8533" function="worker" file="/work/wt/skelacc/samples/mw.c" line="478"/>
  <site id="9" module="/work/wt/skelacc/build/release/samples/mw" offset="8485" function="worker" file="/work/wt/skelacc/samples/mw.c" line="489"/>
 </sites>
 <comms>
  <comm id="0" gid="0" members="0 1"/>
 </comms>
 <ranks>
  <rank id="0" class="0" events="299" time-ns="72924846" compute-ns="23142755" mpi-ns="40862579" per-event-ns="155" comms="0 -"/>
  <rank id="1" class="1" events="85" time-ns="74787182" compute-ns="22016394" mpi-ns="44559998" per-event-ns="130" comms="0 -"/>
 </ranks>
 <class id="0" ranks="0" program="1" events="126" length="10" time-ns="72924846">
  <symbol id="0" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="13876" max="13876" shift="155"/>
   <duration min="40756607" max="40756607"/>
  </symbol>
  <symbol id="1" call="MPI_Irecv" comm="0" tag="-1" dtsize="8" site="1" prev-site="0" occurrences="1" ws="585728" ws-samples="1" match="0">
   <peer kind="any"/>
   <side role="member" events="1" count="2" bytes="16"/>
   <compute min="7960997" max="7960997" shift="155"/>
   <compute-cpu min="7846643" max="7846643" shift="155"/>
   <duration min="19328" max="19328"/>
  </symbol>
  <symbol id="2" call="MPI_Test" comm="0" site="2" prev-site="1" occurrences="41" polls="173">
   <side role="member" flags="true" events="41" count="0"/>
   <link dist="1" index="0" call="MPI_Irecv"/>
   <compute mean="368810.0975609756" min="148655" max="3321550" shift="155" buckets="856:2 858:2 893:9 894:7 895:3 896:1 901:1 902:1 905:1 914:2 915:6 929:1 934:2 951:1 979:1 1079:1"/>
   <compute-cpu mean="166212" min="50350" max="711381" shift="155" buckets="777:1 794:1 807:1 855:1 856:13 857:5 858:3 862:1 863:4 864:4 865:1 868:1 870:1 872:1 876:1 877:1 967:1"/>
   <duration mean="574.9512195121952" min="300" max="7776" buckets="408:1 410:6 412:4 414:7 416:1 418:7 420:1 422:1 424:1 428:2 432:1 436:1 445:2 455:1 459:1 461:1 465:1 498:1 644:1"/>
  </symbol>
  <symbol id="3" call="MPI_Send" comm="0" tag="3" dtsize="8" site="3" prev-site="2" occurrences="40" match="1">
   <peer kind="reply"/>
   <side role="member" events="40" count="3" bytes="24"/>
   <compute mean="367.075" min="105" max="7921" shift="155" buckets="331:4 339:4 346:3 352:5 356:5 360:4 364:2 368:1 372:2 376:2 380:3 406:1 417:1 438:1 446:1 646:1"/>
   <duration mean="649.65" min="80" max="15072" buckets="312:1 320:9 321:2 328:4 335:6 336:2 343:1 350:3 354:2 389:1 393:2 397:2 402:1 408:1 422:1 618:1 691:1"/>
  </symbol>
  <symbol id="4" call="MPI_Irecv" comm="0" tag="-1" dtsize="8" site="1" prev-site="3" occurrences="40" match="2">
   <peer kind="any"/>
   <side role="member" events="40" count="2" bytes="16"/>
   <compute mean="77.85" min="0" max="2579" shift="155" zeros="30" buckets="112:1 193:1 256:1 271:1 300:1 301:1 307:2 364:1 562:1"/>
   <duration mean="148.225" min="90" max="531" buckets="320:2 321:1 328:3 335:3 343:8 350:3 354:2 355:2 358:7 362:2 366:2 370:2 374:1 412:1 451:1"/>
  </symbol>
  <symbol id="5" call="MPI_Send" comm="0" tag="4" dtsize="8" site="4" prev-site="2" occurrences="1" match="1">
   <peer kind="reply"/>
   <side role="member" events="1" count="3" bytes="24"/>
   <compute mean="106" min="106" max="106" shift="155" buckets="331:1"/>
   <duration min="100" max="100"/>
  </symbol>
  <symbol id="6" call="MPI_Gather" comm="0" dtsize="8" site="5" prev-site="4" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="root" events="1" count="3" bytes="24" rbytes="48"/>
   <compute min="11642" max="11642" shift="155"/>
   <duration min="31056" max="31056"/>
  </symbol>
  <symbol id="7" call="MPI_Finalize" comm="0" site="6" prev-site="5" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="45603" max="45603" shift="155"/>
   <compute-cpu min="44691" max="44691" shift="155"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="0" events="3" time-ns="370627.8487804878">
   <s ref="2"/>
   <s ref="3"/>
   <s ref="4"/>
  </block>
  <block id="1" events="126" time-ns="23277207">
   <s ref="0"/>
   <s ref="1"/>
   <loop body="0" count="40"/>
   <s ref="2"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
  </block>
  <dominant block="0" count="40" share="0.6368940204561273" iteration-ns="370627.8487804878"/>
 </class>
 <class id="1" ranks="1" program="3" events="85" length="8" time-ns="74787182">
  <symbol id="8" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="16364" min="16364" max="16364" shift="130" buckets="700:1"/>
   <duration min="42658741" max="42658741"/>
  </symbol>
  <symbol id="9" call="MPI_Send" comm="0" tag="1" dtsize="8" site="7" prev-site="0" occurrences="1" ws="364544" ws-samples="1" match="0">
   <peer kind="rel" value="-1"/>
   <side role="member" events="1" count="2" bytes="16"/>
   <compute min="11918879" max="11918879" shift="130"/>
   <compute-cpu min="11878362" max="11878362" shift="130"/>
   <duration min="9464" max="9464"/>
  </symbol>
  <symbol id="10" call="MPI_Recv" comm="0" tag="-1" dtsize="8" site="8" prev-site="7" occurrences="1" match="1">
   <peer kind="rel" value="-1"/>
   <side role="member" events="1" count="3" bytes="24" rbytes="24"/>
   <compute min="29324" max="29324" shift="130"/>
   <duration min="38817" max="38817"/>
  </symbol>
  <symbol id="11" call="MPI_Send" comm="0" tag="2" dtsize="8" site="9" prev-site="8" occurrences="40" match="2">
   <peer kind="rel" value="-1"/>
   <side role="member" events="40" count="2" bytes="16"/>
   <compute mean="250851.75" min="139086" max="813226" shift="130" buckets="853:2 855:1 856:1 858:1 859:1 865:1 867:1 871:1 872:2 874:2 875:1 876:1 879:2 882:1 884:3 887:1 888:3 890:1 894:1 897:1 900:1 901:1 903:1 905:1 906:1 908:1 909:1 916:1 925:1 926:1 948:1 977:1"/>
   <compute-cpu mean="249707.025" min="138476" max="812030" shift="130" buckets="852:1 853:1 854:1 855:1 858:1 859:1 865:1 866:1 870:1 871:1 872:1 874:2 875:1 876:1 879:2 882:1 883:2 884:1 887:2 888:2 889:1 893:1 896:1 899:1 901:1 903:1 904:1 906:1 908:1 909:1 915:1 924:1 926:1 947:1 977:1"/>
   <duration mean="411.025" min="100" max="6479" buckets="328:1 335:1 343:2 350:2 354:1 358:3 362:3 366:2 370:3 378:2 385:2 389:1 398:1 404:1 410:3 412:2 414:1 426:2 434:1 440:1 447:2 450:1 458:1 629:1"/>
  </symbol>
  <symbol id="12" call="MPI_Recv" comm="0" tag="-1" dtsize="8" site="8" prev-site="9" occurrences="40" match="1">
   <peer kind="rel" value="-1"/>
   <side role="member" events="40" count="3" bytes="24" rbytes="24"/>
   <compute mean="121.25" min="0" max="1412" shift="130" zeros="2" buckets="50:1 162:2 212:3 243:4 262:5 278:4 305:2 313:2 319:1 321:2 327:2 345:1 354:1 358:1 366:1 370:1 386:1 403:1 422:1 435:1 519:1"/>
   <duration mean="45031.325" min="3896" max="95602" buckets="595:1 633:1 651:1 659:1 665:1 673:1 707:1 710:1 717:1 718:1 721:2 723:1 732:1 737:1 743:1 754:1 760:2 766:1 770:1 771:1 772:1 774:2 775:1 779:1 788:1 791:1 798:1 805:1 806:1 807:2 811:1 812:1 817:1 819:1 822:2"/>
  </symbol>
  <symbol id="13" call="MPI_Gather" comm="0" dtsize="8" site="5" prev-site="8" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="member" events="1" count="3" bytes="24"/>
   <compute mean="6970" min="6970" max="6970" shift="130" buckets="634:1"/>
   <duration min="35282" max="35282"/>
  </symbol>
  <symbol id="14" call="MPI_Finalize" comm="0" site="6" prev-site="5" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="5949" max="5949" shift="130"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="2" events="2" time-ns="296415.35">
   <s ref="11"/>
   <s ref="12"/>
  </block>
  <block id="3" events="85" time-ns="23917663">
   <s ref="8"/>
   <s ref="9"/>
   <s ref="10"/>
   <loop body="2" count="40"/>
   <s ref="13"/>
   <s ref="14"/>
  </block>
  <dominant block="2" count="40" share="0.49572627559807997" iteration-ns="296415.35"/>
 </class>
</signature>
